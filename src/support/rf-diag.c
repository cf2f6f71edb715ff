/* rf-diag: collected source diagnostics, rendered with the source line and a caret. */
#include "rf-diag.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* RfDiag: one diagnostic; msg owned. */
typedef struct {
  RfDiagSeverity sev;
  RfLoc loc;
  char *msg;
} RfDiag;

/* RfDiags: diags in report order; sources maps interned file name -> owned text. */
struct _RfDiags {
  GArray *diags;        /* RfDiag */
  GHashTable *sources;  /* const char* (interned) -> char* (owned) */
  guint n_errors;
  guint n_warnings;
};

G_DEFINE_QUARK (rf-input-error-quark, rf_input_error)

static void
diag_clear (gpointer p)
{
  RfDiag *d = p;
  g_free (d->msg);
}

RfDiags *
rf_diags_new (void)
{
  RfDiags *diags = g_new0 (RfDiags, 1);
  diags->diags = g_array_new (FALSE, TRUE, sizeof (RfDiag));
  g_array_set_clear_func (diags->diags, diag_clear);
  diags->sources = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  return diags;
}

void
rf_diags_free (RfDiags *diags)
{
  if (!diags)
    return;
  g_array_unref (diags->diags);
  g_hash_table_unref (diags->sources);
  g_free (diags);
}

void
rf_diags_set_source (RfDiags *diags, const char *file, const char *text)
{
  g_hash_table_replace (diags->sources, (gpointer) g_intern_string (file), g_strdup (text));
}

const char *
rf_diags_get_source (const RfDiags *diags, const char *file)
{
  return file ? g_hash_table_lookup (diags->sources, g_intern_string (file)) : NULL;
}

void
rf_diags_addv (RfDiags *diags, RfDiagSeverity sev, RfLoc loc, const char *fmt, va_list ap)
{
  RfDiag d = { sev, loc, g_strdup_vprintf (fmt, ap) };
  g_array_append_val (diags->diags, d);
  if (sev == RF_DIAG_ERROR)
    diags->n_errors++;
  else if (sev == RF_DIAG_WARNING)
    diags->n_warnings++;
}

void
rf_diags_add (RfDiags *diags, RfDiagSeverity sev, RfLoc loc, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  rf_diags_addv (diags, sev, loc, fmt, ap);
  va_end (ap);
}

guint
rf_diags_n_errors (const RfDiags *diags)
{
  return diags->n_errors;
}

guint
rf_diags_n_warnings (const RfDiags *diags)
{
  return diags->n_warnings;
}

/* The text of line LINE (1-based) of TEXT, without its newline; NULL if absent. */
static char *
source_line (const char *text, guint line)
{
  const char *p = text;
  for (guint l = 1; l < line; l++)
    {
      p = strchr (p, '\n');
      if (!p)
        return NULL;
      p++;
    }
  const char *end = strchr (p, '\n');
  if (!end)
    end = p + strlen (p);
  if (end == p && *p == '\0')
    return NULL;
  return g_strndup (p, end - p);
}

GString *
rf_input_read_file (const char *file, int *err_no, GError **error)
{
  FILE *f = fopen (file, "rb");
  if (!f)
    {
      int saved = errno ? errno : ENOENT;
      if (err_no)
        *err_no = saved;
      g_set_error (error, RF_INPUT_ERROR, RF_INPUT_ERROR_IO, "cannot open '%s': %s", file, g_strerror (saved));
      return NULL;
    }
  GString *text = g_string_new (NULL);
  char chunk[65536];
  size_t got;
  while ((got = fread (chunk, 1, sizeof chunk, f)) > 0)
    g_string_append_len (text, chunk, got);
  int failed = ferror (f), saved = errno ? errno : EIO;
  fclose (f);
  if (failed)
    {
      g_string_free (text, TRUE);
      if (err_no)
        *err_no = saved;
      g_set_error (error, RF_INPUT_ERROR, RF_INPUT_ERROR_IO, "cannot read '%s': %s", file, g_strerror (saved));
      return NULL;
    }
  return text;
}

void
rf_loc_advance (guint *line, guint *col, const char *text, gsize len)
{
  for (gsize i = 0; i < len; i++)
    {
      if (text[i] == '\n')
        {
          (*line)++;
          *col = 1;
        }
      else
        (*col)++;
    }
}

char *
rf_diag_quote_char (const char *text, gsize len)
{
  guchar c = (guchar) text[0];
  if (len > 1)
    return g_strdup_printf ("'%.*s'", (int) len, text);
  if (g_ascii_isgraph (c))
    return g_strdup_printf ("'%c'", c);
  return g_strdup_printf ("'\\%03o'", c);
}

static const char *
severity_name (RfDiagSeverity sev)
{
  switch (sev)
    {
    case RF_DIAG_ERROR: return "error";
    case RF_DIAG_WARNING: return "warning";
    case RF_DIAG_NOTE: return "note";
    }
  g_assert_not_reached ();
}

void
rf_diags_render (const RfDiags *diags, GString *out)
{
  for (guint i = 0; i < diags->diags->len; i++)
    {
      const RfDiag *d = &g_array_index (diags->diags, RfDiag, i);
      if (d->loc.file && d->loc.line > 0)
        g_string_append_printf (out, "%s:%u:%u: ", d->loc.file, d->loc.line, d->loc.col);
      else if (d->loc.file)
        g_string_append_printf (out, "%s: ", d->loc.file);
      g_string_append_printf (out, "%s: %s\n", severity_name (d->sev), d->msg);

      const char *text = d->loc.file ? g_hash_table_lookup (diags->sources, d->loc.file) : NULL;
      g_autofree char *line = text && d->loc.line > 0 ? source_line (text, d->loc.line) : NULL;
      if (!line)
        continue;
      g_autofree char *num = g_strdup_printf ("%u", d->loc.line);
      g_string_append_printf (out, " %s | %s\n", num, line);
      g_string_append_printf (out, " %*s | ", (int) strlen (num), "");
      /* Keep tabs so the caret lines up under the same column in a terminal. */
      for (guint c = 1; c < d->loc.col && line[c - 1]; c++)
        g_string_append_c (out, line[c - 1] == '\t' ? '\t' : ' ');
      g_string_append (out, "^\n");
    }
}
