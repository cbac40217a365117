import type { CSSProperties } from 'react';
import type { MediaModel, OperationModel } from '../../lib/openapi/referenceModel';
import { shownOperation } from '../../lib/openapi/shownOperation';
import { singleParagraph } from '../../lib/openapi/paragraph';
import SchemaTree, { NodeChildren } from '../SchemaFields/SchemaTree';
import { useReferenceComponents } from './components';
import Examples from './Examples';
import { partyName, SANDBOX_LINK_NEEDS, sandboxConsoleLink } from './parties';
import styles from './styles.module.css';

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No Content',
  '301': 'Moved Permanently',
  '302': 'Found',
  '303': 'See Other',
  '304': 'Not Modified',
  '307': 'Temporary Redirect',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '409': 'Conflict',
  '410': 'Gone',
  '422': 'Unprocessable Content',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '503': 'Service Unavailable',
  default: 'Any other status',
};

function statusText(status: string): string {
  return STATUS_TEXT[status] ?? (/^\dXX$/i.test(status) ? `Any ${status[0]}xx status` : '');
}

const LOCATION_TITLES: Record<string, string> = {
  path: 'Path parameters',
  query: 'Query parameters',
  header: 'Header parameters',
  cookie: 'Cookie parameters',
};

/** A description: one `<p>` when it is a single paragraph, else a block holding it. */
function Html({ html }: { html?: string }) {
  if (!html) return null;
  const paragraph = singleParagraph(html);
  if (paragraph !== undefined) return <p className={styles.markdown} dangerouslySetInnerHTML={{ __html: paragraph }} />;
  return <div className={styles.markdown} dangerouslySetInnerHTML={{ __html: html }} />;
}

function Media({ media }: { media: MediaModel }) {
  return (
    <div className={styles.media}>
      <p className={styles.mediaType}>
        <code>{media.mediaType}</code>
      </p>
      {media.schema && <SchemaTree node={media.schema} showRoot />}
    </div>
  );
}

function Security({ security }: { security: string[][] }) {
  const alternatives = security.filter((names) => names.length > 0);
  return (
    <p className={styles.security}>
      <span className={styles.label}>Authorization</span>{' '}
      {alternatives.length === 0
        ? 'None'
        : alternatives.map((names, index) => (
            <span key={names.join('+')}>
              {index > 0 && ' or '}
              {names.map((name, position) => (
                <span key={name}>
                  {position > 0 && ' and '}
                  <a href="#section/security">
                    <code>{name}</code>
                  </a>
                </span>
              ))}
            </span>
          ))}
      {alternatives.length > 0 && alternatives.length < security.length && ' (optional)'}
    </p>
  );
}

interface Props {
  operation: OperationModel;
  /** The spec the operation belongs to (`partner`, `pos`...), for the sandbox console link. */
  api?: string;
  /** Laid out with the page even while off screen, instead of when scrolled to. */
  rendered?: boolean;
}

/** What the stylesheet sizes an off-screen operation from (see .operation). */
function placeholderSize(operation: OperationModel): CSSProperties {
  const { rows, chars } = shownOperation(operation);
  return { '--operation-rows': rows, '--operation-chars': chars } as CSSProperties;
}

/** One operation or webhook: the description on the left, examples and samples beside it. */
export default function Operation({ operation, api, rendered = false }: Props) {
  const { Heading } = useReferenceComponents();
  const webhook = operation.kind === 'webhook';
  return (
    <section
      className={rendered ? `${styles.operation} ${styles.laidOut}` : styles.operation}
      style={placeholderSize(operation)}
      data-ref-section={operation.anchor}
    >
      <div className={styles.operationMain}>
        <Heading as="h3" id={operation.anchor} className={styles.operationTitle}>
          {operation.summary}
        </Heading>
        <p className={styles.endpoint}>
          <span className={styles.method} data-method={operation.method}>
            {operation.method}
          </span>
          {webhook && <span className={styles.webhookBadge}>Webhook</span>}
          <code className={styles.path}>
            {operation.baseUrl && <span className={styles.baseUrl}>{operation.baseUrl}</span>}
            {operation.path}
          </code>
          {operation.deprecated && <span className={styles.deprecated}>Deprecated</span>}
        </p>
        {operation.caller && operation.host && (
          <p className={styles.parties}>
            <strong>{partyName(operation.caller)}</strong> calls <strong>{partyName(operation.host)}</strong>
            {!webhook && (
              <>
                {' '}
                · operationId <code>{operation.id}</code>
              </>
            )}
          </p>
        )}
        {!webhook && operation.host === 'stream' && api !== undefined && (
          <p className={styles.tryIt}>
            <a href={sandboxConsoleLink(api, operation.id)} title={SANDBOX_LINK_NEEDS}>
              Try it in your local sandbox
            </a>{' '}
            (needs <code>npx stream-partner sandbox</code> running; the first time, paste the Console URL it prints in your terminal)
          </p>
        )}
        <Html html={operation.description} />
        {!webhook && <Security security={operation.security} />}
        {operation.parameters.map((group) => (
          <div key={group.location} className={styles.block}>
            <h4 className={styles.blockTitle}>{LOCATION_TITLES[group.location] ?? group.location}</h4>
            <NodeChildren node={{ type: 'object', properties: group.fields }} />
          </div>
        ))}
        {operation.requestBody && (
          <div className={styles.block}>
            <h4 className={styles.blockTitle}>
              {webhook ? 'Payload' : 'Request body'}
              {operation.requestBody.required && <span className={styles.requiredNote}> required</span>}
            </h4>
            <Html html={operation.requestBody.description} />
            {operation.requestBody.contents.map((media) => (
              <Media key={media.mediaType} media={media} />
            ))}
          </div>
        )}
        {operation.responses.length > 0 && (
          <div className={styles.block}>
            <h4 className={styles.blockTitle}>Responses</h4>
            {operation.responses.map((response, index) => (
              <details key={response.status} className={styles.response} open={index === 0}>
                <summary>
                  <span className={styles.status} data-status={response.status[0]}>
                    {response.status}
                  </span>{' '}
                  {statusText(response.status)}
                </summary>
                <Html html={response.description} />
                {response.errorCodes !== undefined && (
                  <p className={styles.errorCodes}>
                    Error codes (<code>code</code>, spelled exactly):{' '}
                    {response.errorCodes.map((code, at) => (
                      <span key={code}>
                        {at > 0 && ', '}
                        <code>{code}</code>
                      </span>
                    ))}
                  </p>
                )}
                {response.headers.length > 0 && (
                  <>
                    <p className={styles.label}>Headers</p>
                    <NodeChildren node={{ type: 'object', properties: response.headers }} />
                  </>
                )}
                {response.contents.map((media) => (
                  <Media key={media.mediaType} media={media} />
                ))}
                {response.contents.length === 0 && response.headers.length === 0 && <p className={styles.noBody}>No body.</p>}
              </details>
            ))}
          </div>
        )}
      </div>
      <aside className={styles.operationSide} aria-label={`Examples: ${operation.summary}`}>
        <Examples operation={operation} />
      </aside>
    </section>
  );
}
