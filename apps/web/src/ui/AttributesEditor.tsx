import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Attributes, JsonValue } from '@rastro/api';
import { useTranslation } from 'react-i18next';

type RowType = 'text' | 'number' | 'boolean' | 'json';

/** One attribute as edited: its name, its type and the text typed (a switch for booleans). */
interface Row {
  id: number;
  key: string;
  type: RowType;
  text: string;
  flag: boolean;
  /** A list or an object, which this editor shows but does not edit: kept as it was. */
  kept?: JsonValue;
}

/** Why a row cannot be saved; catalog keys under `attributesEditor.`. */
type RowProblem = 'nameRequired' | 'nameTaken' | 'nameReserved' | 'numberInvalid';

/** Attributes the editor emitted while a row had a problem, with the first problem in words: see {@link attributesProblem}. */
const problems = new WeakMap<Attributes, string>();

/**
 * The problem of attributes this editor emitted (a row without a name, a name used twice or kept
 * by another field, a number that is not one), null when they may be saved. The form that holds
 * them asks before saving, so nothing is saved half-read.
 */
export function attributesProblem(attributes: Attributes): string | null {
  return problems.get(attributes) ?? null;
}

function rowOf(id: number, key: string, value: JsonValue): Row {
  const base = { id, key, text: '', flag: false };
  if (typeof value === 'boolean') return { ...base, type: 'boolean', flag: value };
  if (typeof value === 'number') return { ...base, type: 'number', text: String(value) };
  if (typeof value === 'string') return { ...base, type: 'text', text: value };
  if (value === null) return { ...base, type: 'text' };
  return { ...base, type: 'json', text: JSON.stringify(value), kept: value };
}

function parseNumber(text: string): number | null {
  const normalised = text.trim().replace(',', '.');
  const value = Number(normalised);
  return normalised !== '' && Number.isFinite(value) ? value : null;
}

const blank = (row: Row) => row.key.trim() === '' && row.text.trim() === '' && !row.flag;

function rowProblem(row: Row, rows: readonly Row[], reserved: ReadonlySet<string>): RowProblem | null {
  const key = row.key.trim();
  if (key === '') return 'nameRequired';
  if (reserved.has(key)) return 'nameReserved';
  if (rows.some((other) => other !== row && other.key.trim() === key)) return 'nameTaken';
  if (row.type === 'number' && parseNumber(row.text) === null) return 'numberInvalid';
  return null;
}

function valueOf(row: Row): JsonValue {
  if (row.type === 'json') return row.kept ?? null;
  if (row.type === 'boolean') return row.flag;
  if (row.type === 'number') return parseNumber(row.text);
  return row.text;
}

interface AttributesEditorProps {
  /** The attributes when the form opened; the editor keeps its rows from then on. */
  value: Attributes;
  onChange: (attributes: Attributes) => void;
  /** Names other fields of the form edit: not shown here, and refused as new names. */
  reserved?: ReadonlySet<string>;
  disabled?: boolean;
}

/**
 * Free attributes as name, type and value rows, added and removed at will (spec §3: devices and
 * groups carry attributes). Blank rows are left out; rows with a problem say it beside them.
 */
export function AttributesEditor({ value, onChange, reserved = new Set(), disabled }: AttributesEditorProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>(() => Object.entries(value).filter(([key]) => !reserved.has(key)).map(([key, item], index) => rowOf(index, key, item)));
  const [nextId, setNextId] = useState(rows.length);

  const update = (next: Row[]) => {
    setRows(next);
    const filled = next.filter((row) => !blank(row));
    const attributes: Attributes = {};
    let problem: string | null = null;
    for (const row of filled) {
      const found = rowProblem(row, filled, reserved);
      if (found) problem ??= t(`attributesEditor.${found}`, { name: row.key.trim() });
      else attributes[row.key.trim()] = valueOf(row);
    }
    if (problem) problems.set(attributes, problem);
    onChange(attributes);
  };
  const change = (id: number, patch: Partial<Row>) => update(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  const filled = rows.filter((row) => !blank(row));

  return (
    <Box data-testid="attributes-editor" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {rows.length === 0 && <Typography variant="body2" color="text.secondary">{t('attributesEditor.empty')}</Typography>}
      {rows.map((row, index) => {
        const problem = blank(row) ? null : rowProblem(row, filled, reserved);
        const nameProblem = problem && problem !== 'numberInvalid' ? t(`attributesEditor.${problem}`, { name: row.key.trim() }) : undefined;
        return (
          <Box key={row.id} data-testid="attribute-row" sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1fr) auto', sm: 'minmax(0, 2fr) minmax(120px, 1fr) minmax(0, 2fr) auto' }, gap: 1, alignItems: 'start' }}>
            <TextField
              size="small"
              label={t('attributesEditor.name')}
              value={row.key}
              onChange={(event) => change(row.id, { key: event.target.value })}
              error={nameProblem !== undefined}
              helperText={nameProblem}
              disabled={disabled}
              slotProps={{ htmlInput: { 'aria-label': `${t('attributesEditor.name')} ${index + 1}` } }}
            />
            <TextField
              select
              size="small"
              label={t('attributesEditor.type')}
              value={row.type}
              onChange={(event) => change(row.id, { type: event.target.value as RowType })}
              disabled={disabled || row.type === 'json'}
            >
              <MenuItem value="text">{t('attributesEditor.types.text')}</MenuItem>
              <MenuItem value="number">{t('attributesEditor.types.number')}</MenuItem>
              <MenuItem value="boolean">{t('attributesEditor.types.boolean')}</MenuItem>
              {row.type === 'json' && <MenuItem value="json">{t('attributesEditor.types.json')}</MenuItem>}
            </TextField>
            {row.type === 'boolean' ? (
              <Box sx={{ gridColumn: { xs: '1 / 3', sm: 'auto' }, display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <Switch
                  checked={row.flag}
                  onChange={(event) => change(row.id, { flag: event.target.checked })}
                  disabled={disabled}
                  slotProps={{ input: { 'aria-label': `${t('attributesEditor.value')} ${index + 1}` } }}
                />
                <Typography variant="body2" aria-hidden>{row.flag ? t('common.yes') : t('common.no')}</Typography>
              </Box>
            ) : (
              <TextField
                size="small"
                label={t('attributesEditor.value')}
                value={row.text}
                onChange={(event) => change(row.id, { text: event.target.value })}
                error={problem === 'numberInvalid'}
                helperText={problem === 'numberInvalid' ? t('attributesEditor.numberInvalid') : undefined}
                disabled={disabled || row.type === 'json'}
                sx={{ gridColumn: { xs: '1 / 3', sm: 'auto' } }}
                slotProps={{ htmlInput: { 'aria-label': `${t('attributesEditor.value')} ${index + 1}`, inputMode: row.type === 'number' ? 'decimal' : undefined } }}
              />
            )}
            <IconButton
              aria-label={t('attributesEditor.remove', { name: row.key.trim() || index + 1 })}
              onClick={() => update(rows.filter((other) => other.id !== row.id))}
              disabled={disabled}
              sx={{ gridColumn: { xs: 3, sm: 'auto' }, gridRow: { xs: 1, sm: 'auto' } }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Box>
        );
      })}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={disabled}
          data-testid="attribute-add"
          onClick={() => {
            setRows([...rows, { id: nextId, key: '', type: 'text', text: '', flag: false }]);
            setNextId(nextId + 1);
          }}
        >
          {t('attributesEditor.add')}
        </Button>
      </Box>
    </Box>
  );
}
