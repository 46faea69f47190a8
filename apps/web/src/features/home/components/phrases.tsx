/**
 * Chinese has no spaces, so a narrow screen may break a heading anywhere, even inside a word.
 * Splitting after each comma into unbreakable runs makes it break at the comma instead.
 */
export function Phrases({ text }: { text: string }) {
  return text.split(/(?<=，)/).map((part) => (
    <span key={part} className="home-phrase">
      {part}
    </span>
  ));
}
