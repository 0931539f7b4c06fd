/**
 * Just enough of PostgreSQL's lexical rules to tell code from quoted text and comments: string
 * constants ('…', E'…' with backslash escapes), quoted identifiers ("…"), dollar-quoted bodies
 * ($$…$$, $tag$…$tag$), line comments (--) and nested block comments. Used to record a migration
 * the way the Supabase CLI does (one entry per statement), to tell an edited file from one that
 * was only split differently, and to compare a SQL function's file with its migration
 * (src/sql-functions.test.ts).
 */
export type SqlPiece = { kind: 'code' | 'quoted' | 'comment' | 'end'; text: string };

const dollarTag = /^\$([A-Za-z_\u0080-\uffff][A-Za-z_0-9\u0080-\uffff]*)?\$/;

/**
 * The SQL text cut into code, quoted pieces (strings, quoted identifiers, dollar-quoted bodies, each
 * with its quotes), comments and statement ends, in order: concatenated, they are the text again.
 */
export function* sqlPieces(sql: string): Generator<SqlPiece> {
  let i = 0;
  let code = '';
  const flush = function* (): Generator<SqlPiece> {
    if (code) yield { kind: 'code', text: code };
    code = '';
  };
  while (i < sql.length) {
    const ch = sql[i]!;
    const next = sql[i + 1];
    if (ch === '-' && next === '-') {
      yield* flush();
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? sql.length : end;
      yield { kind: 'comment', text: sql.slice(i, stop) };
      i = stop;
    } else if (ch === '/' && next === '*') {
      yield* flush();
      let depth = 0;
      let j = i;
      do {
        if (sql.startsWith('/*', j)) {
          depth++;
          j += 2;
        } else if (sql.startsWith('*/', j)) {
          depth--;
          j += 2;
        } else j++;
      } while (depth > 0 && j < sql.length);
      yield { kind: 'comment', text: sql.slice(i, j) };
      i = j;
    } else if (ch === "'" || ch === '"') {
      // E'…' allows backslash escapes; the E itself is already in `code`.
      const backslashes = ch === "'" && /(^|[^A-Za-z0-9_])[Ee]$/.test(code);
      yield* flush();
      let j = i + 1;
      while (j < sql.length) {
        if (backslashes && sql[j] === '\\') j += 2;
        else if (sql[j] === ch && sql[j + 1] === ch) j += 2;
        else if (sql[j] === ch) break;
        else j++;
      }
      yield { kind: 'quoted', text: sql.slice(i, j + 1) };
      i = j + 1;
    } else if (ch === '$' && !/[A-Za-z0-9_$]$/.test(code) && dollarTag.test(sql.slice(i, i + 64))) {
      yield* flush();
      const tag = dollarTag.exec(sql.slice(i, i + 64))![0];
      const close = sql.indexOf(tag, i + tag.length);
      const stop = close === -1 ? sql.length : close + tag.length;
      yield { kind: 'quoted', text: sql.slice(i, stop) };
      i = stop;
    } else if (ch === ';') {
      yield* flush();
      yield { kind: 'end', text: ';' };
      i++;
    } else {
      code += ch;
      i++;
    }
  }
  yield* flush();
}

/**
 * The statements of a SQL file, trimmed, without their closing semicolons; comments stay with the
 * statement they precede, and a piece holding only comments is dropped. Like the Supabase CLI's
 * own splitter, except that it does not look inside `BEGIN ATOMIC … END` function bodies.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let hasCode = false;
  const close = () => {
    if (hasCode) statements.push(current.trim());
    current = '';
    hasCode = false;
  };
  for (const piece of sqlPieces(sql)) {
    if (piece.kind === 'end') close();
    else {
      current += piece.text;
      if (piece.kind === 'quoted' || (piece.kind === 'code' && piece.text.trim())) hasCode = true;
    }
  }
  close();
  return statements;
}

/**
 * What a SQL text does: its words, symbols and quoted pieces in order, without comments, whitespace
 * and semicolons. The same for a file and for its statements however they were split and trimmed,
 * and different as soon as anything that runs changes.
 */
export function sqlFingerprint(sql: string): string {
  const tokens: string[] = [];
  for (const piece of sqlPieces(sql)) {
    if (piece.kind === 'quoted') tokens.push(piece.text);
    else if (piece.kind === 'code') tokens.push(...(piece.text.match(/[\w$]+|\S/g) ?? []));
  }
  return tokens.join(' ');
}
