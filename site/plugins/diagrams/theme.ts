/**
 * Mermaid settings for the pre-rendered diagrams, one per colour mode, drawn from the site's
 * palettes (src/css/custom.css and Infima's defaults): page background, body text colour and
 * the green primary. Every colour pair keeps text at WCAG AA contrast. Changing anything here
 * changes every diagram's key, so `npm run diagrams` must run afterwards (a test says so).
 */

// Infima's system font stack, so diagram text matches the page around it.
const FONT_FAMILY =
  'system-ui, -apple-system, "Segoe UI", Roboto, Ubuntu, Cantarell, "Noto Sans", sans-serif';

const light = {
  background: '#ffffff',
  primaryColor: '#e8f3ec',
  primaryTextColor: '#1c1e21',
  primaryBorderColor: '#137333',
  secondaryColor: '#f2f5f3',
  tertiaryColor: '#f5f6f7',
  lineColor: '#525860',
  textColor: '#1c1e21',
  edgeLabelBackground: '#ffffff',
  noteBkgColor: '#fdf5dc',
  noteTextColor: '#1c1e21',
  noteBorderColor: '#8a6d00',
  actorBkg: '#e8f3ec',
  actorBorder: '#137333',
  actorTextColor: '#1c1e21',
  actorLineColor: '#8d949e',
  signalColor: '#1c1e21',
  signalTextColor: '#1c1e21',
  labelBoxBkgColor: '#e8f3ec',
  labelBoxBorderColor: '#137333',
  labelTextColor: '#1c1e21',
  loopTextColor: '#1c1e21',
  sequenceNumberColor: '#ffffff',
  attributeBackgroundColorOdd: '#ffffff',
  attributeBackgroundColorEven: '#f5f6f7',
  rowOdd: '#ffffff',
  rowEven: '#f5f6f7',
};

const dark = {
  background: '#1b1b1d',
  primaryColor: '#1e3526',
  primaryTextColor: '#e3e3e3',
  primaryBorderColor: '#4ade80',
  secondaryColor: '#2a2d2b',
  tertiaryColor: '#242526',
  lineColor: '#b4b8bd',
  textColor: '#e3e3e3',
  edgeLabelBackground: '#1b1b1d',
  noteBkgColor: '#3a3220',
  noteTextColor: '#f0f0f0',
  noteBorderColor: '#d4a72c',
  actorBkg: '#1e3526',
  actorBorder: '#4ade80',
  actorTextColor: '#e3e3e3',
  actorLineColor: '#8d949e',
  signalColor: '#e3e3e3',
  signalTextColor: '#e3e3e3',
  labelBoxBkgColor: '#1e3526',
  labelBoxBorderColor: '#4ade80',
  labelTextColor: '#e3e3e3',
  loopTextColor: '#e3e3e3',
  sequenceNumberColor: '#0b1f12',
  attributeBackgroundColorOdd: '#1b1b1d',
  attributeBackgroundColorEven: '#242526',
  rowOdd: '#1b1b1d',
  rowEven: '#242526',
};

const common = {
  startOnLoad: false,
  securityLevel: 'strict',
  theme: 'base',
  fontFamily: FONT_FAMILY,
  // HTML labels wrap between words only; Mermaid's SVG-text labels break a long identifier such as
  // nested_modifier_group_ids mid-word. Browsers draw them inside <img> too.
  htmlLabels: true,
  flowchart: { htmlLabels: true, useMaxWidth: false },
  sequence: { useMaxWidth: false },
  state: { useMaxWidth: false },
  er: { useMaxWidth: false },
} as const;

export const MERMAID_CONFIG = {
  light: { ...common, darkMode: false, themeVariables: { ...light, fontFamily: FONT_FAMILY } },
  dark: { ...common, darkMode: true, themeVariables: { ...dark, fontFamily: FONT_FAMILY } },
} as const;
