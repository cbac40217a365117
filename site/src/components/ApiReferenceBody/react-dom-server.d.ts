// The one react-dom/server function the reference test uses; the site has no @types/react-dom.
declare module 'react-dom/server' {
  export function renderToStaticMarkup(element: import('react').ReactNode): string;
}
