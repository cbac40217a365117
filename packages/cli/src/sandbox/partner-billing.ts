// The partner API's billing: monthly reports and invoices, as files a partner downloads.
import { errorReply, header, queryString, type Handler, type HandlerContext, type HandlerReply } from './context.js';
import { own, type LocationRecord } from './state.js';

/** The three most recent whole months before `now`, newest first: `2026-10`, `2026-09`, ... */
function reportMonths(now: number): string[] {
  const date = new Date(now);
  return [1, 2, 3].map((back) => {
    const month = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - back, 1));
    return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** Billing shows no security requirement; the partner comes from `partner_id` or a bearer token if one is sent. */
function billingPartner(context: HandlerContext, required: boolean): { partnerId: string } | { reply: HandlerReply } {
  const partnerId = queryString(context, 'partner_id');
  if (partnerId === undefined) {
    const bearer = /^Bearer\s+(\S+)$/i.exec(header(context, 'authorization') ?? '')?.[1];
    const token = bearer === undefined ? undefined : own(context.state.access_tokens, bearer);
    if (!required && token !== undefined && token.expires_at > context.now) return { partnerId: context.config.partnerId };
    return {
      reply: errorReply(
        400,
        'invalid_request',
        required ? 'The file_name and partner_id query parameters are required.' : "Pass partner_id, or send a bearer token so Stream can tell which partner's reports to list.",
      ),
    };
  }
  if (partnerId !== context.config.partnerId) return { reply: errorReply(404, 'not_found', `No partner ${partnerId} exists.`) };
  return { partnerId };
}

/** The locations billed in `month`: those that existed by its end; `fresh` says which were ingested during it. */
function billedLocations(context: HandlerContext, month: string): { location: LocationRecord; fresh: boolean }[] {
  const start = Date.parse(`${month}-01T00:00:00Z`);
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return context.state.locations
    .filter((location) => location.created_at === undefined || Date.parse(location.created_at) < end.getTime())
    .map((location) => ({ location, fresh: location.created_at !== undefined && Date.parse(location.created_at) >= start }));
}

export const listBillingReports: Handler = (context) => {
  const partner = billingPartner(context, false);
  if ('reply' in partner) return partner.reply;
  return {
    status: 200,
    body: {
      reports: reportMonths(context.now).map((reportMonth) => {
        const billed = billedLocations(context, reportMonth);
        const fresh = billed.filter((entry) => entry.fresh).length;
        return {
          reportMonth,
          partnerId: partner.partnerId,
          locations: billed.map((entry) => entry.location._id),
          metrics: { activeLocations: billed.length, newActivations: fresh, newOnboardings: fresh },
        };
      }),
    },
  };
};

function billingFile(context: HandlerContext, pattern: RegExp): { partnerId: string; month: string } | { reply: HandlerReply } {
  const fileName = queryString(context, 'file_name');
  const partner = billingPartner(context, true);
  if (fileName === undefined) return { reply: errorReply(400, 'invalid_request', 'The file_name and partner_id query parameters are required.') };
  if ('reply' in partner) return partner;
  const month = pattern.exec(fileName)?.[1];
  if (month === undefined || !reportMonths(context.now).includes(month)) {
    return { reply: errorReply(404, 'not_found', `No billing file ${fileName} exists for partner ${partner.partnerId}.`) };
  }
  return { partnerId: partner.partnerId, month };
}

export const getRawBillingReport: Handler = (context) => {
  const file = billingFile(context, /^billing-(\d{4}-\d{2})\.csv$/);
  if ('reply' in file) return file.reply;
  const rows = billedLocations(context, file.month).map(({ location, fresh }) => [file.month, file.partnerId, location._id, location.name, location.source, 30, fresh, fresh].join(','));
  const csv = ['reportMonth,partnerId,locationId,locationName,source,activeDays,newActivation,newOnboarding', ...rows].join('\n');
  return { status: 200, body: `${csv}\n`, contentType: 'text/csv; charset=utf-8', headers: { 'content-disposition': `attachment; filename="billing-${file.month}.csv"` } };
};

/** A minimal, well-formed one-page PDF, so a partner's download code sees real PDF bytes. */
function invoicePdf(title: string): Buffer {
  const text = `BT /F1 18 Tf 72 720 Td (${title.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export const getBillingInvoice: Handler = (context) => {
  const file = billingFile(context, /^invoice-(\d{4}-\d{2})\.pdf$/);
  if ('reply' in file) return file.reply;
  return {
    status: 200,
    body: invoicePdf(`Stream sandbox invoice ${file.month} for ${file.partnerId}`),
    contentType: 'application/pdf',
    headers: { 'content-disposition': `attachment; filename="invoice-${file.month}.pdf"` },
  };
};

