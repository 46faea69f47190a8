import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download-file';

describe('fileNameFromDisposition', () => {
  it('prefers the RFC 5987 UTF-8 name', () => {
    const header = `attachment; filename="script-1a2b3c4d.docx"; filename*=UTF-8''${encodeURIComponent('早餐三分钟（上班族）.docx')}`;
    expect(fileNameFromDisposition(header, 'x')).toBe('早餐三分钟（上班族）.docx');
  });

  it('falls back to the plain name, then to the given one', () => {
    expect(fileNameFromDisposition('attachment; filename="a.txt"', 'x')).toBe('a.txt');
    expect(fileNameFromDisposition(undefined, 'x.md')).toBe('x.md');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A", 'y')).toBe('y');
  });
});
