import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Attributes whose text a member reads or hears. */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
]);
const LETTER = /\p{L}/u;
/** Words that are the same in every language: Hearth's name. */
const UNTRANSLATABLE = new Set(['Hearth']);

type Literal = ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression;

/** The string literals an expression may show: itself, either branch of `?:`, the sides of `&&`, `||`, `??`. */
function shownLiterals(expression: ts.Expression | undefined): Literal[] {
  if (!expression) return [];
  if (
    ts.isStringLiteral(expression) ||
    ts.isNoSubstitutionTemplateLiteral(expression) ||
    ts.isTemplateExpression(expression)
  ) {
    return [expression];
  }
  if (ts.isParenthesizedExpression(expression)) return shownLiterals(expression.expression);
  if (ts.isConditionalExpression(expression))
    return [...shownLiterals(expression.whenTrue), ...shownLiterals(expression.whenFalse)];
  if (ts.isBinaryExpression(expression)) {
    const operator = expression.operatorToken.kind;
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return shownLiterals(expression.right);
    if (operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken) {
      return [...shownLiterals(expression.left), ...shownLiterals(expression.right)];
    }
  }
  return [];
}

/** A literal's words (a template's fixed parts, joined). */
function literalText(literal: Literal): string {
  if (!ts.isTemplateExpression(literal)) return literal.text;
  return [literal.head.text, ...literal.templateSpans.map((span) => span.literal.text)].join(' ');
}

/** The interface texts written into a component's code rather than a catalog: `line: text`. */
export function textsInCode(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const trimmed = text.trim();
    if (LETTER.test(trimmed) && !UNTRANSLATABLE.has(trimmed)) {
      found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${trimmed}`);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      for (const literal of shownLiterals(node.expression)) report(literal, literalText(literal));
    } else if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText())) {
      const value = node.initializer;
      const expression = value && ts.isJsxExpression(value) ? value.expression : value;
      for (const literal of shownLiterals(expression)) report(literal, literalText(literal));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * `npx tsx scripts/interface-texts.ts [file or folder …]`: the texts still written into the web's
 * code, by file (default: all of web/), for whoever moves them into catalogs (ADR 055).
 */
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const targets = process.argv.slice(2);
  const roots = targets.length ? targets : ['web'];
  for (const root of roots) {
    const files = fs.statSync(root).isDirectory()
      ? fs
          .readdirSync(root, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.join(entry.parentPath, entry.name))
      : [root];
    for (const file of files.filter((name) => /(?<!\.test|\.fixture)\.tsx$/.test(name)).sort()) {
      const texts = textsInCode(file);
      if (texts.length) console.log(`${file} (${texts.length})\n  ${texts.join('\n  ')}`);
    }
  }
}
