#!/usr/bin/env node
// `npm run test:types` (after `npm run build`): checks what the package publishes
// about its elements.
//   1. types/test/usage.tsx compiles against the built types as a host app sees
//      them (DOM code, events, React JSX, the components of storefront-elements/react),
//      and so does types/test/preact-usage.tsx (Preact's JSX); each @ts-expect-error
//      line in them is still an error: wrong attribute values and misspelled tags must fail.
//   2. custom-elements.json names only real, published things: its module paths
//      are files in dist/, its class names are interfaces the types export, its
//      `js` exports are exports of that file, its tags are the types' tags.
// Exits non-zero, listing every failure.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const failures = [];
const typesFile = join(root, 'dist/types/index.d.ts');

if (!existsSync(typesFile)) {
  console.error('test-types: dist/types/index.d.ts is missing; run `npm run build` first.');
  process.exit(1);
}

// 1. The usage file.
for (const project of ['types/test/tsconfig.json', 'types/test/tsconfig.preact.json']) {
  const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(root, project)], { cwd: root, encoding: 'utf8' });
  if (tsc.status !== 0) failures.push(`tsc -p ${project} failed:\n${tsc.stdout}${tsc.stderr}`);
}

// 2. The manifest against the package.
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(join(root, pkg.customElements), 'utf8'));
// The main entry's types: index.d.ts and the framework-neutral elements.d.ts it exports.
const types = readFileSync(join(root, 'dist/types/elements.d.ts'), 'utf8') + readFileSync(typesFile, 'utf8');
const published = (path) => pkg.files.some((entry) => path === entry || path.startsWith(`${entry.replace(/\/$/, '')}/`));
const exportedInterfaces = new Set([...types.matchAll(/^export interface (\w+)/gm)].map((m) => m[1]));
const exportedFunctions = new Set([...types.matchAll(/^export declare function (\w+)/gm)].map((m) => m[1]));
const tagMap = types.match(/interface HTMLElementTagNameMap \{([^}]*)\}/)?.[1] ?? '';
const typedTags = new Map([...tagMap.matchAll(/'([a-z-]+)': (\w+);/g)].map((m) => [m[1], m[2]]));
const eventMap = types.match(/export interface StorefrontEventMap \{([\s\S]*?)\n\}/)?.[1] ?? '';
const typedEvents = new Set([...eventMap.matchAll(/^ {2}'([a-z-]+)':/gm)].map((m) => m[1]));
const definedTags = new Set();

if (pkg.exports?.['.']?.types !== `./${'dist/types/index.d.ts'}` || pkg.types !== './dist/types/index.d.ts') {
  failures.push('package.json: "types" and exports["."].types must be ./dist/types/index.d.ts');
}
for (const module of manifest.modules) {
  const where = `custom-elements.json ${module.path}`;
  if (!published(module.path)) failures.push(`${where}: not in package.json "files"`);
  if (!existsSync(join(root, module.path))) failures.push(`${where}: no such file after the build`);
  const code = existsSync(join(root, module.path)) ? readFileSync(join(root, module.path), 'utf8') : '';
  const jsExports = new Set([...code.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) => m[1].split(',').map((part) => part.trim().split(/\s+as\s+/).at(-1))));
  const declarations = new Map(module.declarations.map((declaration) => [declaration.name, declaration]));
  for (const declaration of module.declarations) {
    if (declaration.kind === 'class' && !exportedInterfaces.has(declaration.name)) failures.push(`${where}: class ${declaration.name} is not an interface of the package's types`);
    if (declaration.kind === 'function' && !exportedFunctions.has(declaration.name)) failures.push(`${where}: function ${declaration.name} is not declared in the package's types`);
    if (declaration.customElement) {
      const attributes = new Set(declaration.attributes.map((attribute) => attribute.name));
      for (const attribute of declaration.attributes) {
        if (attribute.fieldName && !declaration.members.some((member) => member.name === attribute.fieldName)) failures.push(`${where}: <${declaration.tagName}> attribute ${attribute.name} names a missing field ${attribute.fieldName}`);
      }
      for (const member of declaration.members) {
        if (member.attribute && !attributes.has(member.attribute)) failures.push(`${where}: <${declaration.tagName}> field ${member.name} names a missing attribute ${member.attribute}`);
        if (!new RegExp(`^export interface ${declaration.name} extends HTMLElement \\{[\\s\\S]*?\\b(get )?${member.name}\\b`, 'm').test(types)) {
          failures.push(`${where}: ${declaration.name}.${member.name} is not in the package's types`);
        }
      }
      for (const event of declaration.events) if (!typedEvents.has(event.name)) failures.push(`${where}: event ${event.name} is not in StorefrontEventMap`);
    }
  }
  for (const exported of module.exports) {
    const target = declarations.get(exported.declaration.name);
    if (exported.declaration.module !== module.path) failures.push(`${where}: export ${exported.name} points at another module`);
    if (!target) failures.push(`${where}: export ${exported.name} points at no declaration`);
    if (exported.kind === 'js' && !jsExports.has(exported.name)) failures.push(`${where}: ${exported.name} is not a JavaScript export of the file`);
    if (exported.kind === 'custom-element-definition') {
      definedTags.add(exported.name);
      if (target?.tagName !== exported.name) failures.push(`${where}: <${exported.name}> points at ${exported.declaration.name}, whose tag is ${target?.tagName}`);
      if (typedTags.get(exported.name) !== exported.declaration.name) failures.push(`${where}: HTMLElementTagNameMap['${exported.name}'] is ${typedTags.get(exported.name)}, not ${exported.declaration.name}`);
    }
  }
}
for (const tag of typedTags.keys()) if (!definedTags.has(tag)) failures.push(`dist/types: <${tag}> is typed but not defined in custom-elements.json`);

if (failures.length > 0) {
  console.error(`test-types: ${failures.length} failure(s)\n\n${failures.join('\n\n')}`);
  process.exit(1);
}
console.log(`test-types: usage.tsx compiles; custom-elements.json matches dist/ and dist/types (${definedTags.size} elements)`);
