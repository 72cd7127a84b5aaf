// jsdom ships no types and @types/jsdom is not installed: the one constructor the extraction bench uses.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { url?: string });
    readonly window: { document: Document };
  }
}
