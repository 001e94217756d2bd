/**
 * The text of an HTML answer handed between the middleware steps that rewrite a page (CSS pruning, the
 * security policy) without encoding it into a stream and decoding it again at each step: a response made
 * by `htmlResponse` remembers its text until its body is first read.
 */
const texts = new WeakMap<Response, string>();

const encoder = new TextEncoder();

/** A body holding the text `write` makes, made and encoded only when the body is read (an unread body costs nothing). */
export function textWhenRead(write: () => string): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(encoder.encode(write()));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

export function htmlResponse(html: string, init: ResponseInit): Response {
  // the next step usually takes the text itself: the body is encoded only if something reads it
  const response = new Response(
    textWhenRead(() => html),
    init,
  );
  texts.set(response, html);
  return response;
}

/** The answer's text: the remembered one when the body is still unread, else read from the body. */
export async function responseText(response: Response): Promise<string> {
  const known = texts.get(response);
  if (known !== undefined && !response.bodyUsed) {
    texts.delete(response);
    // the body is not needed any more: its stream is let go unread
    void response.body?.cancel().catch(() => undefined);
    return known;
  }
  return response.text();
}
