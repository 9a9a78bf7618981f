// The few globals that Node and browsers both provide and the shared layer uses. Declared here
// because this layer is checked with neither Node's nor the DOM's types (tsconfig.shared.json).
declare class URL {
  constructor(url: string, base?: string | URL);
  static canParse(url: string, base?: string): boolean;
  readonly hostname: string;
  readonly host: string;
  readonly pathname: string;
  readonly protocol: string;
  readonly search: string;
  readonly href: string;
}
