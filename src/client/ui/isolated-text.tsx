/** The parts of a sentence that `isolate()` wrapped (FSI … PDI), found again after translation. */
const ISOLATED = /\u2068([^\u2068\u2069]*)\u2069/;
const OPENING_QUOTE = /[«“‘"]$/;
const CLOSING_QUOTE = /^[»”’"]/;

/**
 * A translated sentence whose user-written parts (names, titles, outlets, addresses) were isolated with
 * `isolate()`, shown with each part as one box: a `<bdi>` laid out as an inline block. Isolates alone keep a
 * Latin title's direction inside an Arabic sentence, but when the title wraps, its two halves land on two
 * lines around the words beside it; as a box it wraps inside itself and reads in order. Quotes around a
 * part go into its box, so a closing quote never lands alone on a line of its own.
 */
export function IsolatedText({ text }: { text: string }) {
  const pieces = text.split(ISOLATED);
  for (let i = 1; i < pieces.length; i += 2) {
    const open = OPENING_QUOTE.exec(pieces[i - 1]);
    const close = CLOSING_QUOTE.exec(pieces[i + 1] ?? '');
    if (!open || !close) continue;
    pieces[i - 1] = pieces[i - 1].slice(0, -1);
    pieces[i + 1] = pieces[i + 1].slice(1);
    pieces[i] = `${open[0]}${pieces[i]}${close[0]}`;
  }
  return (
    <>
      {pieces.map((piece, i) =>
        i % 2 === 1 ? (
          <bdi key={i} className="inline-block max-w-full break-words" data-isolated="">
            {piece}
          </bdi>
        ) : (
          piece
        ),
      )}
    </>
  );
}
