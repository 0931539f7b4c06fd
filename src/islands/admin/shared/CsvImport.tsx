import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { adminRequest } from './admin-api';
import { Badge, buttonClass, Card, secondaryButtonClass } from './ui';
import { DataTable, type Column } from './DataTable';

/**
 * Importing a CSV file (and, for the catalog, a zip of photos): choose the files, "Check file"
 * previews every row with its errors (nothing is written), and "Import" appears only when every row
 * is valid. The files travel base64 in JSON; the server checks everything again on import.
 */

export interface PreviewRow {
  line: number;
  errors: Record<string, string>;
}

interface Preview<Row extends PreviewRow> {
  valid: boolean;
  rows: Row[];
  counts: { rowsWithErrors: number };
}

export interface CsvImportProps<Row extends PreviewRow> {
  title: string;
  endpoint: string;
  /** What one row is called: "product", "customer". */
  noun: string;
  /** Where the columns are described (the table in docs/admin/make-it-yours.md, or a sample file). */
  help: ReactNode;
  withPhotos?: boolean;
  /** The preview table's columns besides the row number and the problems. */
  columns: { header: string; cell(row: Row): ReactNode }[];
  /** A line above the table (e.g. the categories the import creates). */
  summary?(preview: Preview<Row> & Record<string, unknown>): ReactNode;
  onImported(): void;
  onClose(): void;
}

/** The file as base64 (what FileReader's data URL carries after the comma). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

const MAX_UPLOAD_BYTES = 4.4 * 1024 * 1024;

const lineColumn: Column<PreviewRow> = { key: 'line', header: 'Row', rowHeader: true, className: 'tabular-nums', cell: (row) => row.line };

const problemsColumn: Column<PreviewRow> = {
  key: 'problems',
  header: 'Problems',
  className: 'min-w-48',
  cell: (row) => {
    const problems = Object.entries(row.errors);
    return problems.length === 0 ? (
      <Badge tone="good">OK</Badge>
    ) : (
      <ul className="space-y-1 text-red-900">
        {problems.map(([column, message]) => (
          <li key={column}>
            {column !== '_' && <strong className="font-semibold">{column}: </strong>}
            {message}
          </li>
        ))}
      </ul>
    );
  },
};

export function CsvImport<Row extends PreviewRow>({ title, endpoint, noun, help, withPhotos, columns, summary, onImported, onClose }: CsvImportProps<Row>) {
  const id = useId();
  const [csv, setCsv] = useState<File | null>(null);
  const [zip, setZip] = useState<File | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  const [preview, setPreview] = useState<(Preview<Row> & Record<string, unknown>) | null>(null);
  const [fileErrors, setFileErrors] = useState<{ csv?: string | undefined; photos?: string | undefined; form?: string }>({});

  const send = async (mode: 'preview' | 'import') => {
    if (!csv) {
      setFileErrors({ csv: 'Choose the CSV file' });
      return;
    }
    if (csv.size + (zip?.size ?? 0) > MAX_UPLOAD_BYTES) {
      setFileErrors({ [zip ? 'photos' : 'csv']: 'The files are larger than 4.4 MB together. Split the CSV, or give the photos as addresses in the CSV instead of the zip.' });
      return;
    }
    setBusy(mode);
    setFileErrors({});
    try {
      const json = { csv: await base64Of(csv), ...(zip ? { photos: await base64Of(zip) } : {}) };
      const result = await adminRequest<{ preview?: Preview<Row> & Record<string, unknown>; result?: { imported: number } }>(`${endpoint}?mode=${mode}`, { method: 'POST', json });
      if (result.ok && result.data.preview) setPreview(result.data.preview);
      else if (result.ok && result.data.result) {
        const n = result.data.result.imported;
        toast.success(`Imported ${n} ${noun}${n === 1 ? '' : 's'}.`);
        setPreview(null);
        onImported();
      } else if (!result.ok) {
        const fields = result.error.fields ?? {};
        if (fields.csv || fields.photos) setFileErrors({ csv: fields.csv, photos: fields.photos });
        else setFileErrors({ form: result.error.message });
        // An import refused for rows' errors (something changed since the preview): show them.
        if (mode === 'import' && Object.keys(fields).some((k) => k.startsWith('rows.'))) await send('preview');
      }
    } finally {
      setBusy(null);
    }
  };

  const fileField = (name: 'csv' | 'photos', label: string, accept: string, onFile: (file: File | null) => void, hint: string) => {
    const error = fileErrors[name];
    return (
      <div className="min-w-0 flex-1">
        <label htmlFor={`${id}-${name}`} className="block text-sm font-semibold text-slate-900">
          {label}
        </label>
        <input
          id={`${id}-${name}`}
          type="file"
          accept={accept}
          aria-describedby={`${id}-${name}-hint${error ? ` ${id}-${name}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          className="mt-1 block w-full min-h-10 text-sm"
          onChange={(e) => {
            onFile(e.target.files?.[0] ?? null);
            setPreview(null);
            setFileErrors({});
          }}
        />
        <p id={`${id}-${name}-hint`} className="mt-1 text-xs text-slate-700">
          {hint}
        </p>
        {error && (
          <p id={`${id}-${name}-error`} role="alert" className="mt-1 text-sm font-semibold text-red-800">
            {error}
          </p>
        )}
      </div>
    );
  };

  const errorCount = preview?.counts.rowsWithErrors ?? 0;
  const previewColumns: Column<Row>[] = [lineColumn, ...columns.map((c) => ({ key: c.header, ...c })), problemsColumn];
  return (
    <Card
      title={title}
      actions={
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Close
        </button>
      }
    >
      <div className="mb-3 text-sm text-slate-700">{help}</div>
      <div className="flex flex-wrap gap-4">
        {fileField('csv', 'CSV file', '.csv,text/csv', setCsv, 'UTF-8, comma-separated, a header row naming the columns.')}
        {withPhotos && fileField('photos', 'Photos (zip, optional)', '.zip,application/zip', setZip, 'For photos named by file in the CSV. JPEG, PNG or WebP, at most 4 MB each.')}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button type="button" className={secondaryButtonClass} disabled={busy !== null} onClick={() => void send('preview')}>
          {busy === 'preview' ? 'Checking…' : 'Check file'}
        </button>
        {preview?.valid && (
          <button type="button" className={buttonClass} disabled={busy !== null} onClick={() => void send('import')}>
            {busy === 'import' ? 'Importing…' : `Import ${preview.rows.length} ${noun}${preview.rows.length === 1 ? '' : 's'}`}
          </button>
        )}
        <p role="status" className="text-sm font-semibold">
          {preview &&
            (preview.valid ? (
              <span className="text-emerald-800">Every row is valid. Nothing is saved until you press Import.</span>
            ) : (
              <span className="text-red-800">
                {errorCount} row{errorCount === 1 ? ' has' : 's have'} errors. Fix {errorCount === 1 ? 'it' : 'them'} in the file and check it again: nothing is imported until every row is valid.
              </span>
            ))}
        </p>
      </div>
      {fileErrors.form && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
          {fileErrors.form}
        </p>
      )}
      {preview && (
        <>
          {summary?.(preview)}
          <DataTable
            caption="Each row of the file and what is wrong with it"
            columns={previewColumns}
            rows={preview.rows}
            rowKey={(row) => String(row.line)}
            rowClassName={(row) => (Object.keys(row.errors).length ? 'bg-red-50' : '')}
            rowAttributes={(row) => ({ 'data-row': row.line })}
            empty="The file has no rows."
            scrollClassName="mt-3"
          />
        </>
      )}
    </Card>
  );
}
