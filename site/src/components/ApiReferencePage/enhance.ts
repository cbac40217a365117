/**
 * The little script the server-rendered reference needs: keep tabs of one groupId in step (and
 * remembered, under the key Docusaurus' own Tabs use), close the mobile contents after a jump,
 * and highlight the navigation entry of the section in view.
 */

import { NAV_TOGGLE_ID } from './constants';

const TAB_STORAGE_PREFIX = 'docusaurus.tab.';

function selectTab(root: ParentNode, group: string, value: string): void {
  for (const input of Array.from(root.querySelectorAll<HTMLInputElement>('input[data-tab-group]'))) {
    if (input.dataset.tabGroup === group && input.value === value) input.checked = true;
  }
}

function restoreTabs(root: HTMLElement): void {
  const groups = new Set(Array.from(root.querySelectorAll<HTMLInputElement>('input[data-tab-group]')).map((input) => input.dataset.tabGroup ?? ''));
  for (const group of Array.from(groups)) {
    try {
      const value = window.localStorage.getItem(`${TAB_STORAGE_PREFIX}${group}`);
      if (value) selectTab(root, group, value);
    } catch {
      // Storage can be disabled; tabs then start on their first item.
    }
  }
}

function highlighter(root: HTMLElement): () => void {
  const nav = root.querySelector('nav');
  const links = new Map<string, HTMLAnchorElement>();
  for (const link of nav ? Array.from(nav.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) : []) {
    links.set(decodeURIComponent(link.hash.slice(1)), link);
  }
  const sections = Array.from(root.querySelectorAll<HTMLElement>('[data-ref-section]'));
  let current: HTMLAnchorElement | undefined;
  let frame = 0;

  function update(): void {
    frame = 0;
    const line = (parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--ifm-navbar-height')) || 60) + 80;
    let active: HTMLElement | undefined;
    for (const section of sections) {
      if (section.getBoundingClientRect().top > line) break;
      active = section;
    }
    const link = active ? links.get(active.dataset.refSection ?? '') : undefined;
    if (link === current) return;
    current?.removeAttribute('aria-current');
    current = link;
    if (!link || !nav) return;
    link.setAttribute('aria-current', 'location');
    const folded = link.closest('details');
    if (folded && !folded.open) folded.open = true;
    const navBox = nav.getBoundingClientRect();
    const linkBox = link.getBoundingClientRect();
    if (linkBox.top < navBox.top || linkBox.bottom > navBox.bottom) nav.scrollTop += linkBox.top - navBox.top - navBox.height / 3;
  }

  const onScroll = () => {
    if (!frame) frame = requestAnimationFrame(update);
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  update();
  return () => {
    window.removeEventListener('scroll', onScroll);
    if (frame) cancelAnimationFrame(frame);
  };
}

export function enhance(root: HTMLElement): () => void {
  restoreTabs(root);
  const onChange = (event: Event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.dataset.tabGroup) return;
    selectTab(root, input.dataset.tabGroup, input.value);
    try {
      window.localStorage.setItem(`${TAB_STORAGE_PREFIX}${input.dataset.tabGroup}`, input.value);
    } catch {
      // Storage can be disabled; the choice then lasts for this page only.
    }
  };
  const onClick = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
    const toggle = document.getElementById(NAV_TOGGLE_ID);
    if (link && toggle instanceof HTMLInputElement && toggle.checked) toggle.checked = false;
  };
  root.addEventListener('change', onChange);
  root.addEventListener('click', onClick);
  const stopHighlighting = highlighter(root);
  return () => {
    root.removeEventListener('change', onChange);
    root.removeEventListener('click', onClick);
    stopHighlighting();
  };
}
