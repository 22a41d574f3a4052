/** The parts of a sentence that `isolate()` wrapped (FSI … PDI), found again after translation. */
const ISOLATED = /\u2068([^\u2068\u2069]*)\u2069/;

/**
 * A translated sentence whose user-written parts (names, titles, outlets, addresses) were isolated with
 * `isolate()`, shown with each part as one unbreakable-in-order box: a `<bdi>` laid out as an inline block.
 * Isolates alone keep a Latin title's direction inside an Arabic sentence, but when the title wraps, its two
 * halves land on two lines around the words beside it; as a box it wraps inside itself and reads in order.
 */
export function IsolatedText({ text }: { text: string }) {
  const pieces = text.split(ISOLATED);
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
