/** A Telegram-HTML markup error; `message` is the part after "can't parse entities: ". */
export class HtmlParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HtmlParseError";
  }
}
