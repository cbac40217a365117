// react-dom ships no types and @types/react-dom is not installed; the console uses one function.
declare module 'react-dom/client' {
  import type { ReactNode } from 'react';
  export function createRoot(container: Element): { render(children: ReactNode): void };
}
