// The package ships no types: a Map from each property (Script, General_Category, ...) to its values' aliases, each
// mapped to the value's canonical name ("Cyrl" -> "Cyrillic", "Cyrillic" -> "Cyrillic"), as ECMAScript's RegExp
// property escapes accept them (unicode-property-value-aliases-ecmascript 2.2.1, from Unicode's
// PropertyValueAliases.txt).
declare module "unicode-property-value-aliases-ecmascript" {
  const aliases: Map<string, Map<string, string>>;
  export default aliases;
}
