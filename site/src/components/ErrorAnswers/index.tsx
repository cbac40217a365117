import type { ErrorAnswersData } from '@site/src/lib/openapi/errorAnswers';
import type { ReactNode } from 'react';

interface Props {
  /** One of the specs: partner, pos, dsp, events. */
  spec: string;
  /** The operation whose error answers to show, such as `sendWebhookEvent`. */
  operation: string;
  /** Filled in at build time by the remark-spec-components plugin; authors never write it. */
  data?: string;
}

/** The contract's sentences mark names with backticks, as Markdown does: show those as code. */
function withCode(text: string): ReactNode[] {
  return text.split('`').map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part));
}

/**
 * An operation's error answers as the contract states them: each status, the codes it lists
 * (`x-stream-error-codes`) with the named rules refused under each code, and when it is given.
 */
export default function ErrorAnswers({ data }: Props) {
  if (data === undefined) {
    throw new Error('<ErrorAnswers> got no data: the remark-spec-components plugin is not registered for this page.');
  }
  const { rows } = JSON.parse(data) as ErrorAnswersData;
  return (
    <table>
      <thead>
        <tr>
          <th>Stream answers</th>
          <th>Codes</th>
          <th>When</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.status}>
            <td>
              <code>{row.status}</code>
            </td>
            <td>
              {row.codes.map((code, index) => {
                const rules = row.rules.filter((entry) => entry.code === code).map((entry) => entry.rule);
                return (
                  <span key={code}>
                    {index > 0 ? ', ' : ''}
                    <code>{code}</code>
                    {rules.length > 0 ? <> ({rules.map((rule, at) => <span key={rule}>{at > 0 ? ', ' : ''}<code>{rule}</code></span>)})</> : null}
                  </span>
                );
              })}
            </td>
            <td>{withCode(row.description)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
