/**
 * The text of an HTML answer handed between the middleware steps that rewrite a page (CSS pruning, the
 * security policy) without encoding it into a stream and decoding it again at each step: a response made
 * by `htmlResponse` remembers its text until its body is first read.
 */
const texts = new WeakMap<Response, string>();

export function htmlResponse(html: string, init: ResponseInit): Response {
  const response = new Response(html, init);
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
