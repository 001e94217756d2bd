/** The part of jsdom (a dependency of isomorphic-dompurify) the render tests use to query markup. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string });
    readonly window: Window & typeof globalThis;
  }
}
