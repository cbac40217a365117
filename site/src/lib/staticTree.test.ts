import { createElement, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { isStaticTree, markStatic } from './staticTree';

const Link: ComponentType<{ href: string }> = () => null;
const Code: ComponentType<{ children?: string }> = () => null;
const Tabs: ComponentType = () => null;
markStatic(Link);
markStatic(Code, (props) => typeof props.children === 'string' && !props.children.includes('\n'));

describe('isStaticTree', () => {
  it('counts text, HTML elements and components marked static as static, however deep', () => {
    const paragraph = createElement('p', null, 'See ', createElement(Link, { href: '/docs/intro' }, 'the intro'), ' and ', createElement(Code, null, 'BillingReport'));
    expect(isStaticTree(createElement('ul', null, createElement('li', null, paragraph), createElement('li', null, 'Two')))).toBe(true);
  });

  it('counts a block holding any other component, or a marked one with props it does not render statically, as one to hydrate', () => {
    expect(isStaticTree(createElement('li', null, 'Pick one:', createElement(Tabs)))).toBe(false);
    expect(isStaticTree(createElement('p', null, createElement(Code, null, 'line one\nline two')))).toBe(false);
  });
});
