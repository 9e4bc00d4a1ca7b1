// Reads what the package promises about its elements, from the sources, once:
// the doc comment above each `export interface Sf…Attributes` in elements/sf-*.tsx
// (@tag, @attr {type} name - text, @prop, @event, @csspart, @cssprop), the
// element's `defineIsland({ tag, attributes })` call, the loader's exports and the
// host event map (the detail type of each event, as the code dispatches it).
// scripts/manifest.mjs writes custom-elements.json, the element reference (docs/elements/) and the
// package's type declarations from this one model.
//
// It also refuses sources that disagree with their docs (a documented attribute
// the element does not read, a type that differs from the interface, an event
// detail whose keys differ from the code's, an element in a file not named after its tag),
// so the generated files cannot promise what the code does not do.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
const elementsDir = join(root, 'elements');

export const kebab = (name) => name.replace(/([a-z0-9])([A-Z])/g, (_, a, b) => `${a}-${b.toLowerCase()}`);
export const camel = (name) => name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
export const className = (tag) => tag.replace(/(^|-)([a-z])/g, (_, __, letter) => letter.toUpperCase()) + 'Element';

const problems = [];
const fail = (where, message) => problems.push(`${where}: ${message}`);

/** Splits `{type} rest` where the type may hold nested braces. */
function splitType(text) {
  if (!text.startsWith('{')) return { type: undefined, rest: text };
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return { type: text.slice(1, i).trim(), rest: text.slice(i + 1).trim() };
  }
  return { type: undefined, rest: text };
}

/**
 * An attribute type as documented: `string`, `number`, `boolean`, or a union of
 * single-quoted string literals. Returns it normalised (`'1' | '2'`), or null.
 */
function attributeType(text) {
  const parts = text.split('|').map((part) => part.trim());
  if (parts.length === 1 && ['string', 'number', 'boolean'].includes(parts[0])) return parts[0];
  if (parts.every((part) => /^'[^'\\]*'$/.test(part))) return parts.join(' | ');
  return null;
}

/** The top-level keys of a documented detail such as `{ order_id, reason: 'failed' | 'cancelled' }`. */
function detailKeys(text) {
  const keys = [];
  let depth = 0;
  let segment = '';
  for (const char of text) {
    if (char === '{') depth++;
    if (char === '}') depth--;
    if (depth === 1 && (char === ',' || char === '{')) {
      if (char === ',') keys.push(segment);
      segment = '';
      continue;
    }
    if (depth >= 1) segment += char;
  }
  keys.push(segment);
  return keys.map((key) => key.trim().match(/^[A-Za-z_$][\w$]*/)?.[0]).filter(Boolean);
}

function jsDocBefore(sourceFile, node) {
  const ranges = ts.getLeadingCommentRanges(sourceFile.text, node.getFullStart()) ?? [];
  const range = ranges.filter((r) => sourceFile.text.startsWith('/**', r.pos)).at(-1);
  return range ? sourceFile.text.slice(range.pos, range.end) : undefined;
}

function parseDocComment(comment) {
  const lines = comment
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''));
  const description = [];
  const tags = [];
  for (const line of lines) {
    if (line.startsWith('@')) tags.push(line.trim());
    else if (line.trim() === '') continue;
    else if (tags.length > 0) tags[tags.length - 1] += ` ${line.trim()}`; // a tag's continued text
    else description.push(line.trim());
  }
  const entries = (name) =>
    tags
      .filter((tag) => tag.startsWith(`@${name} `))
      .map((tag) => {
        const { type, rest } = splitType(tag.slice(name.length + 2).trim());
        const match = rest.match(/^(\S+)\s+-\s+(.*)$/);
        return match ? { type, name: match[1], description: match[2].trim() } : { type, name: rest, description: '' };
      });
  return {
    description: description.join(' '),
    tag: tags.find((tag) => tag.startsWith('@tag '))?.slice(5).trim(),
    attributes: entries('attr'),
    props: entries('prop'),
    events: entries('event'),
    parts: entries('csspart'),
    cssProperties: entries('cssprop'),
  };
}

function findDefineIsland(sourceFile) {
  let found;
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineIsland') found = node;
    else ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  const options = found?.arguments[0];
  if (!options || !ts.isObjectLiteralExpression(options)) return undefined;
  const property = (name) => options.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText(sourceFile) === name)?.initializer;
  const tag = property('tag');
  const attributes = property('attributes');
  return {
    tag: tag && ts.isStringLiteral(tag) ? tag.text : undefined,
    attributes: Object.fromEntries(
      attributes && ts.isObjectLiteralExpression(attributes)
        ? attributes.properties.map((p) => [p.name.getText(sourceFile), ts.isPropertyAssignment(p) && ts.isStringLiteral(p.initializer) ? p.initializer.text : '?'])
        : [],
    ),
  };
}

/**
 * Properties an element adds by hand: names given to `Object.defineProperty(…, 'name', …)` in the
 * file, and `open` where its defineIsland has `openProperty: true`.
 */
function definedProperties(sourceFile) {
  const names = new Set();
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.getText(sourceFile) === 'Object.defineProperty' && node.arguments[1] && ts.isStringLiteral(node.arguments[1])) {
      names.add(node.arguments[1].text);
    }
    if (ts.isPropertyAssignment(node) && node.name.getText(sourceFile) === 'openProperty' && node.initializer.kind === ts.SyntaxKind.TrueKeyword) names.add('open');
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return names;
}

const normaliseType = (text) => text.replace(/\s+/g, ' ').replace(/"/g, "'").trim();

function readElement(file, sourceFile, hostEvents) {
  const where = `elements/${file}`;
  const declaration = sourceFile.statements.find(
    (statement) => (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && /^Sf\w+Attributes$/.test(statement.name.text),
  );
  if (!declaration) return fail(where, 'no `export interface Sf…Attributes`');
  const comment = jsDocBefore(sourceFile, declaration);
  if (!comment) return fail(where, `no doc comment above ${declaration.name.text}`);
  const doc = parseDocComment(comment);
  if (!doc.tag) return fail(where, 'the doc comment has no @tag');
  const island = findDefineIsland(sourceFile);
  if (island?.tag !== doc.tag) fail(where, `@tag ${doc.tag} but defineIsland defines ${island?.tag}`);

  const members = new Map(
    ts.isInterfaceDeclaration(declaration)
      ? declaration.members.filter(ts.isPropertySignature).map((m) => [m.name.getText(sourceFile), m.type ? normaliseType(m.type.getText(sourceFile)) : 'any'])
      : [],
  );
  const typed = island?.attributes ?? {};
  for (const name of members.keys()) if (!(name in typed)) fail(where, `${declaration.name.text}.${name} is not in defineIsland's attributes`);
  const handMade = definedProperties(sourceFile);

  const attributes = doc.attributes.map((attribute) => {
    const type = attribute.type ? attributeType(attribute.type) : null;
    if (!type) fail(where, `@attr ${attribute.name}: type {${attribute.type ?? ''}} is not string, number, boolean or a union of 'literals'`);
    const field = camel(attribute.name);
    const prop = doc.props.find((p) => p.name === field);
    if (field in typed) {
      // The island reads the attribute into the property of the same camelCase name.
      const kind = typed[field];
      if (kind === 'number' ? type !== 'number' : kind !== 'string' || type === 'number') {
        fail(where, `@attr {${type}} ${attribute.name}, but defineIsland reads it as '${kind}'`);
      }
      const member = members.get(field);
      const expected = type === 'boolean' ? 'string' : type;
      // The interface carries the documented type, or typed's plain string where the code compares other texts.
      if (member !== expected && !(kind === 'string' && member === 'string')) {
        fail(where, `${declaration.name.text}.${field} is ${member ?? 'missing'}, the doc says ${type}`);
      }
      return { ...attribute, type, field, backing: kind };
    }
    if (prop && handMade.has(field)) return { ...attribute, type, field, backing: 'property' };
    fail(where, `@attr ${attribute.name} is neither in defineIsland's attributes nor a documented @prop the file defines`);
    return { ...attribute, type, field: undefined, backing: undefined };
  });
  for (const name of Object.keys(typed)) {
    if (!doc.attributes.some((attribute) => camel(attribute.name) === name)) fail(where, `attribute ${kebab(name)} (${name}) is read but not documented with @attr`);
  }
  const props = doc.props.map((prop) => {
    const type = prop.type ? attributeType(prop.type) : null;
    if (!type) fail(where, `@prop ${prop.name}: type {${prop.type ?? ''}} is not supported`);
    if (!handMade.has(prop.name) && !(prop.name in typed)) fail(where, `@prop ${prop.name} is not defined by the file`);
    return { ...prop, type };
  });

  const events = doc.events.map((event) => {
    const code = hostEvents.get(event.name);
    if (code) {
      if (event.type) fail(where, `@event ${event.name}: the detail type comes from the host event map; drop {${event.type}}`);
      const documented = event.description.match(/`detail: (\{[^`]*\})`/)?.[1];
      if (!documented) fail(where, `@event ${event.name}: describe its detail (\`detail: { … }\`)`);
      else {
        const keys = detailKeys(documented);
        const unknown = keys.filter((key) => !code.keys.some((k) => k.name === key));
        const missing = code.keys.filter((k) => !k.optional && !keys.includes(k.name)).map((k) => k.name);
        if (unknown.length || missing.length) {
          fail(where, `@event ${event.name}: detail ${documented} differs from the code's ${code.detail}${unknown.length ? ` (no ${unknown.join(', ')})` : ''}${missing.length ? ` (missing ${missing.join(', ')})` : ''}`);
        }
      }
      return { ...event, type: `CustomEvent<${code.detail}>` };
    }
    if (!event.type) fail(where, `@event ${event.name} is not in the host event map: give its type, e.g. {CustomEvent<null>}`);
    return event;
  });

  return { file, tag: doc.tag, className: className(doc.tag), description: doc.description, attributes, props, events, parts: doc.parts, cssProperties: doc.cssProperties };
}

const parse = (path) => ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * The event names the code dispatches with a detail, and the detail types:
 * interface `HostEventMap`, wherever it lives under src/ (files there move).
 */
function readHostEvents() {
  const path = sourceFiles(join(root, 'src')).find((file) => /\binterface HostEventMap\b/.test(readFileSync(file, 'utf8')));
  const file = path && parse(path);
  const declaration = file?.statements.find((s) => ts.isInterfaceDeclaration(s) && s.name.text === 'HostEventMap');
  if (!file || !declaration) {
    fail('src/', 'no `interface HostEventMap` (the detail type of each host event)');
    return new Map();
  }
  return new Map(
    declaration.members.filter(ts.isPropertySignature).map((member) => {
      const type = member.type;
      const keys = type && ts.isTypeLiteralNode(type) ? type.members.filter(ts.isPropertySignature).map((m) => ({ name: m.name.getText(file), optional: Boolean(m.questionToken) })) : [];
      const comment = jsDocBefore(file, member);
      const description = comment ? parseDocComment(comment).description : '';
      return [member.name.getText(file).replace(/^'|'$/g, ''), { detail: normaliseType(type?.getText(file) ?? 'unknown'), keys, description }];
    }),
  );
}

const exportedName = (node) => node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** A function, interface or type alias named `name` in `path`, following `export { … } from` re-exports. */
function findDeclaration(path, name, seen = new Set()) {
  if (seen.has(path)) return undefined;
  seen.add(path);
  const file = parse(path);
  for (const statement of file.statements) {
    if ((ts.isFunctionDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && statement.name?.text === name && exportedName(statement)) {
      return { file, declaration: statement };
    }
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      const target = join(dirname(path), statement.moduleSpecifier.text);
      const names = statement.exportClause && ts.isNamedExports(statement.exportClause) ? statement.exportClause.elements : undefined;
      const match = names?.find((element) => element.name.text === name);
      if (match) return findDeclaration(target, (match.propertyName ?? match.name).text, seen);
    }
  }
  return undefined;
}

/**
 * The ESM entry's exports (elements/loader.ts), as declaration texts for the
 * package's types. Read from the syntax: functions need a written return type.
 */
function readLoaderExports() {
  const loaderPath = join(elementsDir, 'loader.ts');
  const loader = parse(loaderPath);
  const names = loader.statements.flatMap((statement) => {
    if (ts.isFunctionDeclaration(statement) && exportedName(statement) && statement.name) return [statement.name.text];
    if ((ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && exportedName(statement)) return [statement.name.text];
    if (ts.isExportDeclaration(statement)) {
      if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) fail('elements/loader.ts', '`export *` is not supported by scripts/element-docs.mjs');
      return statement.exportClause && ts.isNamedExports(statement.exportClause) ? statement.exportClause.elements.map((element) => element.name.text) : [];
    }
    if (exportedName(statement)) fail('elements/loader.ts', `an export of kind ${ts.SyntaxKind[statement.kind]} is not supported by scripts/element-docs.mjs`);
    return [];
  });
  return names.map((name) => {
    const found = findDeclaration(loaderPath, name);
    if (!found) {
      fail('elements/loader.ts', `export ${name}: no exported function, interface or type of that name found`);
      return { kind: 'unknown', name };
    }
    const { file, declaration } = found;
    const docs = jsDocBefore(file, declaration) ?? '';
    const description = docs ? parseDocComment(docs).description : '';
    if (ts.isFunctionDeclaration(declaration)) {
      if (!declaration.type) fail(file.fileName, `function ${name} needs a written return type (it is published in the package's types)`);
      const parameters = declaration.parameters.map((p) => ({ name: p.name.getText(file), optional: Boolean(p.questionToken || p.initializer), type: p.type ? normaliseType(p.type.getText(file)) : 'unknown' }));
      const returns = declaration.type ? normaliseType(declaration.type.getText(file)) : 'unknown';
      const typeParameters = declaration.typeParameters ? `<${declaration.typeParameters.map((t) => t.getText(file)).join(', ')}>` : '';
      const list = parameters.map((p) => `${p.name}${p.optional ? '?' : ''}: ${p.type}`).join(', ');
      return { kind: 'function', name, docs, description, parameters, returns, declaration: `export declare function ${name}${typeParameters}(${list}): ${returns};` };
    }
    const text = declaration.getText(file);
    return { kind: 'type', name, docs, description, declaration: text.startsWith('export ') ? text : `export ${text}` };
  });
}

/** Reads every element, or throws listing every disagreement between the sources and their docs. */
export function readElementDocs() {
  problems.length = 0;
  const files = readdirSync(elementsDir)
    .filter((file) => /^sf-[a-z-]+\.tsx$/.test(file))
    .sort();
  const hostEvents = readHostEvents();
  const loaderExports = readLoaderExports();
  const elements = files
    .map((file) => readElement(file, parse(join(elementsDir, file)), hostEvents))
    .filter(Boolean);
  for (const element of elements) {
    // The loader and the bundle know an element by its file (elements/tags.ts): <sf-x> must live in sf-x.tsx,
    // or the manifest would promise a tag that never appears.
    if (`${element.tag}.tsx` !== element.file) fail(`elements/${element.file}`, `defines <${element.tag}>, but the loader and the bundle load an element from the file named after its tag (${element.tag}.tsx)`);
  }
  if (problems.length > 0) throw new Error(`The element docs disagree with the sources:\n  ${problems.join('\n  ')}`);
  return { elements, hostEvents, loaderExports };
}
