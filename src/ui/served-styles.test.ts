import { describe, expect, it } from 'vitest';
import { classesOf, usedRules } from './served-styles.ts';

const SHEET = [
  '*,::before,::after{--tw-ring-inset:var(--tw-empty,/*!*/ /*!*/);box-sizing:border-box}',
  ':host{display:block}',
  '.flex{display:flex}',
  '.grid{display:grid}',
  '.h-\\[54px\\]{height:54px}',
  '.rtl\\:rotate-180:where([dir="rtl"],[dir="rtl"] *){transform:rotate(180deg)}',
  '.hover\\:bg-black\\/5:hover{background-color:rgba(0,0,0,0.05)}',
  '.a .b,.c{color:red}',
  '.content-\\[\\"\\}\\"\\]::after{content:"}"}',
  '@media (min-width:640px){.sm\\:w-40{width:10rem}.sm\\:grid{display:grid}}',
  '@media (forced-colors: active) {\n  .sf-root [aria-checked="true"] { background: Highlight !important; }\n}',
  '@keyframes sf-shimmer { 0% { background-position: 100% 50%; } 100% { background-position: 0 50%; } }',
].join('\n');

describe('the rules a drawn screen needs', () => {
  it('reads the class names of the markup', () => {
    expect([...classesOf('<div class="flex  h-[54px]"><span class="rtl:rotate-180">›</span><p class="">x</p></div>')]).toEqual(['flex', 'h-[54px]', 'rtl:rotate-180']);
  });

  it('keeps the rules whose selectors name only classes in use, the ones naming none, and the media rules holding such', () => {
    const kept = usedRules(SHEET, classesOf('<div class="sf-root flex h-[54px] rtl:rotate-180 hover:bg-black/5 c sm:w-40">'));
    expect(kept.split('\n')).toEqual([
      '*,::before,::after{--tw-ring-inset:var(--tw-empty,/*!*/ /*!*/);box-sizing:border-box}',
      ':host{display:block}',
      '.flex{display:flex}',
      '.h-\\[54px\\]{height:54px}',
      '.rtl\\:rotate-180:where([dir="rtl"],[dir="rtl"] *){transform:rotate(180deg)}',
      '.hover\\:bg-black\\/5:hover{background-color:rgba(0,0,0,0.05)}',
      // One of the list's selectors applies (`.c`): the rule stays whole.
      '.a .b,.c{color:red}',
      '@media (min-width:640px){.sm\\:w-40{width:10rem}}',
      '@media (forced-colors: active){.sf-root [aria-checked="true"]{ background: Highlight !important; }}',
      '@keyframes sf-shimmer{ 0% { background-position: 100% 50%; } 100% { background-position: 0 50%; } }',
    ]);
  });

  it('reads braces in strings and comments as text, not as blocks', () => {
    expect(usedRules(SHEET, new Set(['content-["}"]']))).toContain('.content-\\[\\"\\}\\"\\]::after{content:"}"}');
    expect(usedRules('/* a { b } */.x{color:red}.y{color:blue}', new Set(['y']))).toBe('.y{color:blue}');
  });
});
