/* rf-diag: source diagnostics, rendered with the source line and a caret.
 *
 * A diagnostic is kept in the list until rendered, or, once an output sink is set
 * (rf_diags_set_output), rendered to it as it is added and not kept, so a run holds
 * its counts only, however many diagnostics its input causes. A limit on errors makes
 * the list stop taking any once reached (rf_diags_stopped), for front ends to stop at.
 * A source's line starts are indexed on first use, so each caret line costs the length
 * of its line, and a long line is shown as a window around the caret. */
#include "rf-diag.h"
#include "rf-out.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* RfDiag: one diagnostic; msg owned. */
typedef struct {
  RfDiagSeverity sev;
  RfLoc loc;
  char *msg;
} RfDiag;

/* Source: a registered file text and, once a caret needed it, where its lines start. */
typedef struct {
  char *text;     /* owned */
  gsize len;
  GArray *starts; /* gsize offsets of each line's first byte, or NULL until needed */
} Source;

/* RfDiags: diags in report order (none once output is set); sources maps interned file
 * name -> Source. Invariant: n_errors <= max_errors when max_errors > 0, and stopped
 * is set when n_errors == max_errors (or by rf_diags_stop). */
struct _RfDiags {
  GArray *diags;        /* RfDiag */
  GHashTable *sources;  /* const char* (interned) -> Source* (owned) */
  guint n_errors;
  guint n_warnings;
  guint max_errors;     /* 0: no limit */
  gboolean stopped;
  RfOut *output;        /* borrowed, or NULL: diagnostics are kept */
};

G_DEFINE_QUARK (rf-input-error-quark, rf_input_error)

static void
diag_clear (gpointer p)
{
  RfDiag *d = p;
  g_free (d->msg);
}

static void
source_free (gpointer p)
{
  Source *src = p;
  g_free (src->text);
  if (src->starts)
    g_array_unref (src->starts);
  g_free (src);
}

RfDiags *
rf_diags_new (void)
{
  RfDiags *diags = g_new0 (RfDiags, 1);
  diags->diags = g_array_new (FALSE, TRUE, sizeof (RfDiag));
  g_array_set_clear_func (diags->diags, diag_clear);
  diags->sources = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, source_free);
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
  Source *src = g_new0 (Source, 1);
  src->len = strlen (text);
  src->text = g_strndup (text, src->len);
  g_hash_table_replace (diags->sources, (gpointer) g_intern_string (file), src);
}

const char *
rf_diags_get_source (const RfDiags *diags, const char *file)
{
  const Source *src = file ? g_hash_table_lookup (diags->sources, g_intern_string (file)) : NULL;
  return src ? src->text : NULL;
}

static const char *source_line (Source *src, guint line, gsize *len);

const char *
rf_diags_get_source_line (RfDiags *diags, const char *file, guint line, gsize *len)
{
  Source *src = file ? g_hash_table_lookup (diags->sources, g_intern_string (file)) : NULL;
  return src ? source_line (src, line, len) : NULL;
}

void
rf_diags_set_output (RfDiags *diags, RfOut *out)
{
  diags->output = out;
}

void
rf_diags_set_max_errors (RfDiags *diags, guint max_errors)
{
  diags->max_errors = max_errors;
  diags->stopped = max_errors > 0 && diags->n_errors >= max_errors;
}

gboolean
rf_diags_stopped (const RfDiags *diags)
{
  return diags->stopped;
}

void
rf_diags_stop (RfDiags *diags)
{
  diags->stopped = TRUE;
}

static void render_one (const RfDiags *diags, const RfDiag *d, GString *out);

void
rf_diags_addv (RfDiags *diags, RfDiagSeverity sev, RfLoc loc, const char *fmt, va_list ap)
{
  if (diags->stopped)
    return;   /* past the limit of errors: nothing more is taken */
  RfDiag d = { sev, loc, g_strdup_vprintf (fmt, ap) };
  if (sev == RF_DIAG_ERROR)
    diags->n_errors++;
  else if (sev == RF_DIAG_WARNING)
    diags->n_warnings++;
  if (diags->max_errors > 0 && diags->n_errors >= diags->max_errors)
    diags->stopped = TRUE;
  if (diags->output)
    {
      g_autoptr (GString) text = g_string_new (NULL);
      render_one (diags, &d, text);
      rf_out_write_string (diags->output, text);
      diag_clear (&d);
    }
  else
    g_array_append_val (diags->diags, d);
}

void
rf_diags_add (RfDiags *diags, RfDiagSeverity sev, RfLoc loc, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  rf_diags_addv (diags, sev, loc, fmt, ap);
  va_end (ap);
}

void
rf_diags_append (RfDiags *diags, const RfDiags *from)
{
  for (guint i = 0; i < from->diags->len; i++)
    {
      const RfDiag *d = &g_array_index (from->diags, RfDiag, i);
      rf_diags_add (diags, d->sev, d->loc, "%s", d->msg);
    }
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

/* The text of line LINE (1-based) of SRC, without its newline (a '\r' before it is
 * dropped too), and its length in *LEN; NULL if absent. Borrowed. */
static const char *
source_line (Source *src, guint line, gsize *len)
{
  if (!src->starts)
    {
      src->starts = g_array_new (FALSE, FALSE, sizeof (gsize));
      gsize zero = 0;
      g_array_append_val (src->starts, zero);
      for (const char *p = src->text; (p = memchr (p, '\n', src->text + src->len - p)); p++)
        {
          gsize next = p + 1 - src->text;
          g_array_append_val (src->starts, next);
        }
    }
  if (line == 0 || line > src->starts->len)
    return NULL;
  gsize start = g_array_index (src->starts, gsize, line - 1);
  gsize end = line < src->starts->len ? g_array_index (src->starts, gsize, line) - 1 : src->len;
  if (start == end && start == src->len)
    return NULL;
  if (end > start && src->text[end - 1] == '\r')
    end--;
  *len = end - start;
  return src->text + start;
}

gsize
rf_input_bom_length (const char *text, gsize len)
{
  return len >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
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

char *
rf_diag_plain_quotes (const char *message)
{
  static const char *const curly[] = { "\u201c", "\u201d", "\u2018", "\u2019" };
  GString *s = g_string_new (message);
  for (guint i = 0; i < G_N_ELEMENTS (curly); i++)
    g_string_replace (s, curly[i], "'", 0);
  return g_string_free (s, FALSE);
}

char *
rf_diag_collapse_space (const char *text, gsize len)
{
  GString *out = g_string_new (NULL);
  gboolean space = FALSE;
  for (gsize i = 0; i < len; i++)
    {
      if (g_ascii_isspace (text[i]))
        {
          space = out->len > 0;
          continue;
        }
      if (space)
        g_string_append_c (out, ' ');
      g_string_append_c (out, text[i]);
      space = FALSE;
    }
  return g_string_free (out, FALSE);
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

/* Longest source line shown whole under a diagnostic (bytes); a longer one is cut to
 * a window of about this many bytes around the caret, marked "..." where cut. */
#define LINE_SHOWN_MAX 160

/* The offset of the UTF-8 character boundary at or after I in TEXT[0..LEN). */
static gsize
char_boundary (const char *text, gsize len, gsize i)
{
  while (i < len && ((guchar) text[i] & 0xC0) == 0x80)
    i++;
  return i;
}

/* TRUE for the characters a source line is never shown with as they are: C1 controls
 * and the bidirectional overrides and isolates, which reorder what a terminal shows
 * ("Trojan Source"). */
static gboolean
unshown_char (gunichar c)
{
  return (c >= 0x80 && c <= 0x9F) || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

/* Appends LINE[FROM..TO) to SHOWN as a terminal may show it, and to PAD the blanks that
 * put a caret under byte CARET: printable ASCII, tabs (kept in PAD, so the caret lines
 * up) and UTF-8 characters as they are, one column each; any other byte (a control
 * character, a byte that is not UTF-8) as <XX> and an unshown character as <U+XXXX>,
 * as GCC shows them, so that no input can send a terminal escape through a diagnostic
 * and the output is UTF-8 whatever the input. */
static void
append_shown (const char *line, gsize from, gsize to, gsize caret, GString *shown, GString *pad)
{
  for (gsize i = from; i < to;)
    {
      guchar b = (guchar) line[i];
      gsize n = 1, width = 1;
      if (b == '\t' || (b >= 0x20 && b < 0x7F))
        g_string_append_c (shown, (char) b);
      else
        {
          gunichar c = b >= 0x80 ? g_utf8_get_char_validated (line + i, to - i) : (gunichar) -1;
          if (c != (gunichar) -1 && c != (gunichar) -2 && !unshown_char (c))
            {
              n = g_utf8_skip[b];
              g_string_append_len (shown, line + i, n);
            }
          else if (c != (gunichar) -1 && c != (gunichar) -2)
            {
              n = g_utf8_skip[b];
              gsize before = shown->len;
              g_string_append_printf (shown, "<U+%04X>", c);
              width = shown->len - before;
            }
          else
            {
              g_string_append_printf (shown, "<%02x>", b);
              width = 4;
            }
        }
      if (i < caret)
        {
          if (b == '\t')
            g_string_append_c (pad, '\t');
          else
            g_string_append_printf (pad, "%*s", (int) width, "");
        }
      i += n;
    }
}

/* Appends D as "file:line:col: error: message", the source line and a caret. */
static void
render_one (const RfDiags *diags, const RfDiag *d, GString *out)
{
  if (d->loc.file && d->loc.line > 0)
    g_string_append_printf (out, "%s:%u:%u: ", d->loc.file, d->loc.line, d->loc.col);
  else if (d->loc.file)
    g_string_append_printf (out, "%s: ", d->loc.file);
  g_string_append_printf (out, "%s: %s\n", severity_name (d->sev), d->msg);

  Source *src = d->loc.file ? g_hash_table_lookup (diags->sources, d->loc.file) : NULL;
  gsize len = 0;
  const char *line = src && d->loc.line > 0 ? source_line (src, d->loc.line, &len) : NULL;
  if (!line)
    return;
  /* The part shown: all of it, or a window around the caret's byte. */
  gsize caret = d->loc.col > 0 ? MIN ((gsize) d->loc.col - 1, len) : 0;
  gsize from = 0, to = len;
  if (len > LINE_SHOWN_MAX)
    {
      from = caret > LINE_SHOWN_MAX / 2 ? char_boundary (line, len, caret - LINE_SHOWN_MAX / 2) : 0;
      to = char_boundary (line, len, MIN (len, from + LINE_SHOWN_MAX));
    }
  const char *cut_left = from > 0 ? "..." : "", *cut_right = to < len ? "..." : "";
  g_autoptr (GString) shown = g_string_new (NULL);
  g_autoptr (GString) pad = g_string_new (NULL);
  append_shown (line, from, to, caret, shown, pad);
  g_autofree char *num = g_strdup_printf ("%u", d->loc.line);
  g_string_append_printf (out, " %s | %s%s%s\n", num, cut_left, shown->str, cut_right);
  g_string_append_printf (out, " %*s | %*s%s^\n", (int) strlen (num), "", (int) strlen (cut_left), "", pad->str);
}

void
rf_diags_render (const RfDiags *diags, GString *out)
{
  for (guint i = 0; i < diags->diags->len; i++)
    render_one (diags, &g_array_index (diags->diags, RfDiag, i), out);
}
