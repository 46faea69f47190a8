import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  VerticalAlign,
  WidthType,
} from 'docx';
import type { ExportModel } from './script-export-model.ts';

const FONT = { ascii: 'Arial', hAnsi: 'Arial', eastAsia: 'Microsoft YaHei', cs: 'Arial' };
const PRIMARY = '613CEB';
const BORDER = { style: BorderStyle.SINGLE, size: 4, color: 'D9D9D9' };

/** Scene table columns: 镜号, 景别, 画面, 台词, 时长 (percent of the table width). */
const COLUMNS: Array<{ title: string; width: number }> = [
  { title: '镜号', width: 7 },
  { title: '景别', width: 10 },
  { title: '画面', width: 33 },
  { title: '台词', width: 38 },
  { title: '时长', width: 12 },
];

const heading = (text: string) =>
  new Paragraph({
    heading: HeadingLevel.HEADING_2,
    spacing: { before: 240, after: 120 },
    children: [new TextRun(text)],
  });

const body = (text: string) => new Paragraph({ spacing: { after: 120 }, children: [new TextRun(text)] });

function cell(text: string, width: number, header = false): TableCell {
  return new TableCell({
    width: { size: width, type: WidthType.PERCENTAGE },
    verticalAlign: VerticalAlign.CENTER,
    margins: { top: 60, bottom: 60, left: 100, right: 100 },
    shading: header ? { type: ShadingType.CLEAR, color: 'auto', fill: 'EFEAFD' } : undefined,
    children: [new Paragraph({ children: [new TextRun({ text, bold: header })] })],
  });
}

function sceneTable(model: ExportModel): Table {
  const header = new TableRow({
    tableHeader: true,
    children: COLUMNS.map((c) => cell(c.title, c.width, true)),
  });
  const rows = model.script.scenes.map(
    (s, i) =>
      new TableRow({
        cantSplit: true,
        children: [String(i + 1), s.shot, s.visual, s.line || '（无台词）', `${s.durationSec} 秒`].map(
          (text, k) => cell(text, COLUMNS[k]!.width),
        ),
      }),
  );
  const total = new TableRow({
    children: [
      new TableCell({
        columnSpan: 4,
        margins: { top: 60, bottom: 60, left: 100, right: 100 },
        children: [
          new Paragraph({
            alignment: AlignmentType.RIGHT,
            children: [new TextRun({ text: `合计 ${model.script.scenes.length} 个镜头`, bold: true })],
          }),
        ],
      }),
      cell(`${model.totalSec} 秒`, COLUMNS[4]!.width, true),
    ],
  });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: {
      top: BORDER,
      bottom: BORDER,
      left: BORDER,
      right: BORDER,
      insideHorizontal: BORDER,
      insideVertical: BORDER,
    },
    rows: [header, ...rows, total],
  });
}

/** The script as a Word document a team can print, annotate and shoot from. */
export async function scriptToDocx(model: ExportModel): Promise<Buffer> {
  const { script } = model;
  const doc = new Document({
    creator: '脚本工坊',
    title: script.title,
    styles: {
      default: { document: { run: { font: FONT, size: 22 } } },
      paragraphStyles: [
        {
          id: 'Heading2',
          name: 'Heading 2',
          basedOn: 'Normal',
          next: 'Normal',
          run: { font: FONT, size: 28, bold: true, color: PRIMARY },
        },
      ],
    },
    sections: [
      {
        properties: { page: { margin: { top: 1200, bottom: 1200, left: 1100, right: 1100 } } },
        children: [
          new Paragraph({
            heading: HeadingLevel.TITLE,
            spacing: { after: 200 },
            children: [new TextRun({ text: script.title, font: FONT, size: 40, bold: true })],
          }),
          ...model.meta.map(
            ([label, value]) =>
              new Paragraph({
                spacing: { after: 40 },
                children: [
                  new TextRun({ text: `${label}：`, bold: true, color: '666666' }),
                  new TextRun(value),
                ],
              }),
          ),
          heading('开场钩子'),
          body(script.hook),
          heading('分镜脚本'),
          sceneTable(model),
          ...(script.twist ? [heading('反转设计'), body(script.twist)] : []),
          heading('行动号召'),
          body(script.cta),
          heading('话题标签'),
          body(script.tags.map((t) => `#${t}`).join('  ')),
          heading('封面文字'),
          body(script.coverText),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
