// Generates, from the element sources (read by scripts/element-docs.mjs), the three
// descriptions of the elements the package publishes, so they cannot drift from
// the elements or from each other:
//   - custom-elements.json (Custom Elements Manifest, schema 2.1.0),
//   - the element reference, docs/elements/ (a page per element and an index),
//   - dist/types/index.d.ts (the package's types: element interfaces,
//     HTMLElementTagNameMap, the events' detail types, React JSX, the loader's exports),
//   - and per framework (scripts/element-wrappers.mjs): the React components of
//     storefront-elements/react (dist/react/), Preact's JSX (dist/types/preact.d.ts) and Vue's
//     GlobalComponents (dist/types/vue.d.ts).
// Run by `npm run build` after the bundles, and by `npm run manifest` alone.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readElementDocs } from './element-docs.mjs';
import { elementShapes, eventTypes, renderTypes } from './element-types.mjs';
import { renderPreactTypes, renderReactWrappers, renderVueTypes } from './element-wrappers.mjs';

const root = new URL('..', import.meta.url).pathname;
const model = readElementDocs();
const { elements, loaderExports } = model;
const events = eventTypes(elements, model.hostEvents);

// The manifest describes the published package, so its module is a file the package
// ships: the ESM entry dist/esm/loader.js, whose import defines every element (each
// one's code is fetched when its tag first appears). dist/storefront.js defines the
// same elements; listing them twice would show every tag twice in tools, so the
// module's description names it instead. The element classes are anonymous at run
// time (defineIsland makes them), so no JavaScript export carries a class name: each
// declaration is named after the element's interface in the package's types
// (dist/types/index.d.ts, the entry's `types`), e.g. SfCartDrawerElement, which
// `import type { SfCartDrawerElement } from 'storefront-elements'` resolves. The
// `custom-element-definition` exports point at those declarations; the `js` exports
// are the entry's real exports (configure, loadElement).
const modulePath = 'dist/esm/loader.js';
const typeOf = (text) => ({ type: { text } });
const eventDetail = (type) => type.match(/^CustomEvent<(.*)>$/s)?.[1] ?? type;

const manifest = {
  schemaVersion: '2.1.0',
  readme: 'README.md',
  modules: [
    {
      kind: 'javascript-module',
      path: modulePath,
      description:
        'The ESM entry: importing it defines every element, loading an element\'s code when its tag first appears in the page. The script-tag bundle `dist/storefront.js` defines the same elements at once. Element classes are not exported; their names are the element interfaces of the package\'s types (`dist/types/index.d.ts`).',
      declarations: [
        ...loaderExports
          .filter((exported) => exported.kind === 'function')
          .map((exported) => ({
            kind: 'function',
            name: exported.name,
            description: exported.description,
            parameters: exported.parameters.map((p) => ({ name: p.name, ...typeOf(p.type), ...(p.optional ? { optional: true } : {}) })),
            return: typeOf(exported.returns),
          })),
        ...elements.map((element) => {
          const { properties } = elementShapes(element);
          return {
            kind: 'class',
            name: element.className,
            description: element.description,
            superclass: { name: 'HTMLElement', package: 'global:' },
            tagName: element.tag,
            customElement: true,
            members: properties.map((property) => ({
              kind: 'field',
              name: property.name,
              description: property.description,
              ...typeOf(property.set),
              ...(property.attribute ? { attribute: property.attribute, reflects: true } : {}),
            })),
            attributes: element.attributes.map((attribute) => ({
              name: attribute.name,
              description: attribute.description,
              ...typeOf(attribute.type),
              ...(attribute.field ? { fieldName: attribute.field } : {}),
            })),
            events: element.events.map((event) => ({ name: event.name, description: event.description, ...typeOf(events.get(event.name).type) })),
            cssParts: element.parts.map(({ name, description }) => ({ name, description })),
            cssProperties: element.cssProperties.map(({ name, description }) => ({ name, description })),
          };
        }),
      ],
      exports: [
        ...loaderExports
          .filter((exported) => exported.kind === 'function')
          .map((exported) => ({ kind: 'js', name: exported.name, declaration: { name: exported.name, module: modulePath } })),
        ...elements.map((element) => ({ kind: 'custom-element-definition', name: element.tag, declaration: { name: element.className, module: modulePath } })),
      ],
    },
  ],
};
writeFileSync(join(root, 'custom-elements.json'), `${JSON.stringify(manifest, null, 2)}\n`);

const typesDir = join(root, 'dist', 'types');
mkdirSync(typesDir, { recursive: true });
const types = renderTypes(model);
writeFileSync(join(typesDir, 'elements.d.ts'), types.elements);
writeFileSync(join(typesDir, 'index.d.ts'), types.index);
writeFileSync(join(typesDir, 'preact.d.ts'), renderPreactTypes(model));
writeFileSync(join(typesDir, 'vue.d.ts'), renderVueTypes(model));
const reactDir = join(root, 'dist', 'react');
mkdirSync(reactDir, { recursive: true });
const wrappers = renderReactWrappers(model);
writeFileSync(join(reactDir, 'index.js'), wrappers.js);
writeFileSync(join(reactDir, 'index.d.ts'), wrappers.dts);

const cell = (text) => text.replace(/\|/g, '\\|');
const code = (text) => `\`${cell(text)}\``;
const table = (title, heading, rows) =>
  rows.length === 0 ? '' : `## ${title}\n\n|${heading.map((h) => (h ? ` ${h} |` : ' |')).join('')}\n|${heading.map(() => '---').join('|')}|\n${rows.map((row) => `| ${row.join(' | ')} |`).join('\n')}\n\n`;
const GENERATED = '<!-- Generated by scripts/manifest.mjs from elements/*.tsx: do not edit; `npm run build` writes it again. -->';
const pageOf = (element) => {
  const { properties } = elementShapes(element);
  return (
    `${GENERATED}\n\n# \`<${element.tag}>\`\n\n${element.description}\n\n` +
    table('Attributes', ['attribute', 'type', 'property', ''], element.attributes.map((a) => [code(a.name), code(a.type), a.field ? code(a.field) : '', cell(a.description)])) +
    table('Properties', ['property', 'type', ''], properties.filter((p) => !p.attribute).map((p) => [code(p.name), code(p.set), cell(p.description)])) +
    table('Events', ['event', 'detail', ''], element.events.map((e) => [code(e.name), code(eventDetail(events.get(e.name).type)), cell(e.description)])) +
    table('Parts', ['part', ''], element.parts.map((p) => [code(p.name), cell(p.description)])) +
    table('CSS custom properties', ['property', ''], element.cssProperties.map((p) => [code(p.name), cell(p.description)])) +
    `In React: \`${element.className.replace(/Element$/, '')}\` of \`storefront-elements/react\`. In TypeScript: \`${element.className}\`.\n`
  ).trimEnd();
};
const firstSentence = (text) => (/^(.+?[.!?])(\s|$)/.exec(text)?.[1] ?? text);

// docs/elements/: a page per element and an index, written afresh (a removed element loses its page).
const docsDir = join(root, 'docs', 'elements');
rmSync(docsDir, { recursive: true, force: true });
mkdirSync(docsDir, { recursive: true });
for (const element of elements) writeFileSync(join(docsDir, `${element.tag}.md`), `${pageOf(element)}\n`);
writeFileSync(
  join(docsDir, 'README.md'),
  `${GENERATED}\n\n# The elements\n\nEach element's page lists its attributes, properties, events, parts and CSS custom properties. ` +
    'All events bubble and are composed (listen on `document`); [../embedding.md](../embedding.md#events) lists them all.\n\n' +
    `| element | |\n|---|---|\n${elements.map((element) => `| [\`<${element.tag}>\`](${element.tag}.md) | ${cell(firstSentence(element.description))} |`).join('\n')}\n`,
);
console.log(`custom-elements.json, docs/elements/ (${elements.length} pages), dist/types (index, preact, vue) and dist/react: ${elements.length} elements`);
