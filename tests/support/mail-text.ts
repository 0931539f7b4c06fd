/**
 * The readable text of a raw message from the local outbox: every part's body decoded from
 * quoted-printable or base64, so a search finds what a person would read and never a chance run of
 * letters inside an encoded attachment (a base64 `invite.ics` can hold "/TX+" by accident).
 * Parts that are not text (a PDF, an image) are left out; tests read those documents separately.
 */
export function mailText(raw: string): string {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const contentType = /^content-type:\s*([^;\r\n]+)/im.exec(headers)?.[1]?.trim().toLowerCase() ?? 'text/plain';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (contentType.startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1).filter((part) => !part.startsWith('--'));
    return [headers, ...parts.map((part) => mailText(part.replace(/^\r?\n/, '')))].join('\n');
  }
  if (!/^(text\/|application\/(ics|json|xml))/.test(contentType)) return headers;
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  const decoded =
    encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    : encoding === 'quoted-printable' ? Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
    : body;
  return `${headers}\n${decoded}`;
}

/** A header's RFC 2047 encoded words (`=?UTF-8?Q?...?=`, as nodemailer writes a subject with accents) read back as text. */
export const decodedHeader = (value: string): string =>
  value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, how: string, text: string) =>
    how.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );

/** The subject of a message (as `mailText` reads it) as its reader sees it. */
export const mailSubject = (text: string): string => decodedHeader(/^subject: (.*)$/im.exec(text)?.[1] ?? '');
