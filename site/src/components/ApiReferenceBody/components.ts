import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * The theme components the reference renders with. The site passes Docusaurus' Heading and
 * CodeBlock; tests pass plain stand-ins so the page renders without the Docusaurus bundler.
 */
export interface ReferenceComponents {
  Heading: ComponentType<{ as: 'h2' | 'h3'; id: string; className?: string; children: ReactNode }>;
  CodeBlock: ComponentType<{ language: string; title?: string; children: string }>;
}

export const ReferenceComponentsContext = createContext<ReferenceComponents | null>(null);

export function useReferenceComponents(): ReferenceComponents {
  const components = useContext(ReferenceComponentsContext);
  if (!components) throw new Error('ApiReferenceBody needs its theme components (ReferenceComponentsContext).');
  return components;
}
