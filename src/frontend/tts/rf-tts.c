/* rf-tts: bfc thread-transition systems (`.tts` + `.prop`) to a Petri net and targets.
 *
 * Both formats are line-based lists of numbers, so a hand-written cursor reads them
 * in one linear pass: every place is created when the header is read (ids are the
 * state numbers, so they do not depend on the rules), every rule becomes a
 * transition as soon as its line is read. Each line reports at most one syntax error
 * and reading goes on with the next line, until the diagnostics stop (the limit of
 * errors). A leading UTF-8 byte-order mark is skipped. */
#include "rf-tts.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Most places the header may declare (S + L); each costs about 100 bytes. */
#define MAX_STATES 4000000u

/* Cursor: where we are in one text. Invariant: p <= end; line/col is p's position
 * (1-based, a tab is one column). */
typedef struct {
  const char *file;   /* interned */
  const char *p;
  const char *end;
  guint line, col;
} Cursor;

/* Reader: one run. The net's places are s0..s<S-1> (ids 0..S-1), then
 * l0..l<L-1> (ids S..S+L-1), once the header is read (have_header). */
typedef struct {
  RfDiags *diags;                 /* borrowed */
  guint n_io, n_syntax, n_unsupported, n_semantic;
  gboolean have_header;
  guint32 n_shared, n_local;
  RfNet *net;                     /* owned */
  GPtrArray *targets;             /* RfMarking*, owned */
} Reader;

static void G_GNUC_PRINTF (4, 5)
report (Reader *r, guint *counter, RfLoc loc, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  rf_diags_addv (r->diags, RF_DIAG_ERROR, loc, fmt, ap);
  va_end (ap);
  (*counter)++;
}

static RfLoc
here (const Cursor *c)
{
  return (RfLoc) { c->file, c->line, c->col };
}

static gboolean
at_eol (const Cursor *c)
{
  return c->p == c->end || *c->p == '\n' || *c->p == '#';
}

/* Skips spaces, tabs and carriage returns (not newlines). */
static void
skip_blanks (Cursor *c)
{
  while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\r' || *c->p == '\f' || *c->p == '\v'))
    {
      c->p++;
      c->col++;
    }
}

/* Moves to the start of the next line. */
static void
next_line (Cursor *c)
{
  const char *nl = memchr (c->p, '\n', c->end - c->p);
  c->p = nl ? nl + 1 : c->end;
  c->line++;
  c->col = 1;
}

/* What the cursor is looking at, for "found ..." in messages. Owned. */
static char *
found_text (const Cursor *c)
{
  if (c->p == c->end)
    return g_strdup ("end of file");
  if (*c->p == '\n' || *c->p == '#')
    return g_strdup ("end of line");
  guchar ch = (guchar) *c->p;
  if (g_ascii_isgraph (ch))
    return g_strdup_printf ("'%c'", ch);
  return g_strdup_printf ("'\\%03o'", ch);
}

static void
expected (Reader *r, const Cursor *c, const char *what)
{
  g_autofree char *found = found_text (c);
  report (r, &r->n_syntax, here (c), "syntax error: expected %s, found %s", what, found);
}

/* Reads a decimal number after optional blanks; *loc is where it starts. Reports
 * "expected WHAT" and returns FALSE if there is none. Saturates at G_MAXUINT64. */
static gboolean
read_number (Reader *r, Cursor *c, const char *what, guint64 *value, RfLoc *loc)
{
  skip_blanks (c);
  *loc = here (c);
  if (c->p == c->end || !g_ascii_isdigit (*c->p))
    {
      expected (r, c, what);
      return FALSE;
    }
  guint64 v = 0;
  while (c->p < c->end && g_ascii_isdigit (*c->p))
    {
      guint d = *c->p - '0';
      v = v > (G_MAXUINT64 - d) / 10 ? G_MAXUINT64 : v * 10 + d;
      c->p++;
      c->col++;
    }
  *value = v;
  return TRUE;
}

/* Reports trailing text; TRUE when the line ends here (or a comment starts). */
static gboolean
expect_eol (Reader *r, Cursor *c)
{
  skip_blanks (c);
  if (at_eol (c))
    return TRUE;
  expected (r, c, "the end of the line");
  return FALSE;
}

/* TRUE when V names a state below N ("shared" or "local"); reports it otherwise. */
static gboolean
check_state (Reader *r, const char *kind, guint64 v, guint32 n, RfLoc loc)
{
  if (v < n)
    return TRUE;
  report (r, &r->n_semantic, loc, "%s state %" G_GUINT64_FORMAT " is out of range (the header declares %u: 0..%u)",
          kind, v, n, n - 1);
  return FALSE;
}

/* header `S L`: places s0..s<S-1>, l0..l<L-1>; one token on s0, any number on l0;
 * the shared places always hold one token together (a P-invariant). */
static void
read_header (Reader *r, Cursor *c)
{
  guint64 s, l;
  RfLoc s_loc, l_loc;
  if (!read_number (r, c, "the number of shared states", &s, &s_loc)
      || !read_number (r, c, "the number of local states", &l, &l_loc)
      || !expect_eol (r, c))
    return;
  if (s == 0 || l == 0)
    {
      report (r, &r->n_semantic, s == 0 ? s_loc : l_loc, "the header must declare at least one shared and one local state");
      return;
    }
  if (s > MAX_STATES || l > MAX_STATES || s + l > MAX_STATES)   /* each alone first: s + l may wrap */
    {
      report (r, &r->n_semantic, s_loc, "too many states (%" G_GUINT64_FORMAT " + %" G_GUINT64_FORMAT "; at most %u in all)",
              s, l, MAX_STATES);
      return;
    }
  r->n_shared = (guint32) s;
  r->n_local = (guint32) l;
  r->have_header = TRUE;
  char name[32];
  for (guint32 i = 0; i < r->n_shared; i++)
    {
      g_snprintf (name, sizeof name, "s%u", i);
      rf_net_add_place (r->net, name, RF_PLACE_PLAIN, -1, -1, RF_LOC_NONE);
    }
  for (guint32 i = 0; i < r->n_local; i++)
    {
      g_snprintf (name, sizeof name, "l%u", i);
      rf_net_add_place (r->net, name, RF_PLACE_PLAIN, -1, -1, RF_LOC_NONE);
    }
  rf_net_set_initial (r->net, 0, 1);
  rf_net_set_initial_omega (r->net, r->n_shared);
  g_autofree RfToken *w = g_new (RfToken, r->n_shared);
  for (guint32 i = 0; i < r->n_shared; i++)
    w[i] = (RfToken) { i, 1 };
  rf_net_add_invariant (r->net, w, r->n_shared);
}

/* rule `s l -> s' l'`:  s + l -> s' + l'        (one thread moves)
 * rule `s l +> s' l'`:  s + l -> s' + l + l'    (the thread spawns one in l')
 * rule `s l ~> s' l'`:  every thread in l moves to l': not a Petri-net rule. */
static void
read_rule (Reader *r, Cursor *c)
{
  RfLoc start = here (c);
  guint64 s, l, s2, l2;
  RfLoc s_loc, l_loc, s2_loc, l2_loc;
  if (!read_number (r, c, "a shared state", &s, &s_loc)
      || !read_number (r, c, "a local state", &l, &l_loc))
    return;
  skip_blanks (c);
  RfLoc op_loc = here (c);
  char op = 0;
  if (c->end - c->p >= 2 && c->p[1] == '>' && (c->p[0] == '-' || c->p[0] == '+' || c->p[0] == '~'))
    op = c->p[0];
  if (!op)
    {
      expected (r, c, "'->', '+>' or '~>'");
      return;
    }
  c->p += 2;
  c->col += 2;
  if (!read_number (r, c, "a shared state", &s2, &s2_loc)
      || !read_number (r, c, "a local state", &l2, &l2_loc)
      || !expect_eol (r, c))
    return;
  if (op == '~')
    {
      report (r, &r->n_unsupported, op_loc, "unsupported transfer '~>': moving every thread of a local "
              "state at once is not a Petri-net rule");
      return;
    }
  gboolean ok = check_state (r, "shared", s, r->n_shared, s_loc);
  ok = check_state (r, "local", l, r->n_local, l_loc) && ok;
  ok = check_state (r, "shared", s2, r->n_shared, s2_loc) && ok;
  ok = check_state (r, "local", l2, r->n_local, l2_loc) && ok;
  if (!ok)
    return;
  guint32 ls = r->n_shared;
  RfToken pre[2] = { { (guint32) s, 1 }, { ls + (guint32) l, 1 } };
  RfToken post[3] = { { (guint32) s2, 1 }, { ls + (guint32) l2, 1 }, { ls + (guint32) l, 1 } };
  char label[96];
  g_snprintf (label, sizeof label, "%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %c> %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT,
              s, l, op, s2, l2);
  rf_net_add_transition (r->net, label, -1, start, pre, 2, post, op == '+' ? 3 : 2, -1, -1, -1);
}

static void
read_tts (Reader *r, Cursor *c)
{
  for (; c->p < c->end && !rf_diags_stopped (r->diags); next_line (c))
    {
      skip_blanks (c);
      if (at_eol (c))
        continue;
      if (!r->have_header)
        {
          read_header (r, c);
          if (!r->have_header)
            return;  /* rules cannot be checked without it */
        }
      else
        read_rule (r, c);
    }
  if (!r->have_header)
    expected (r, c, "the header 'S L' (numbers of shared and local states)");
}

/* target `s|l1,l2,...`: the marking {s, l1, l2, ...} (repeated local states add). */
static void
read_target (Reader *r, Cursor *c)
{
  guint64 v;
  RfLoc loc;
  gboolean ok = TRUE;
  if (!read_number (r, c, "a shared state", &v, &loc))
    return;
  ok = check_state (r, "shared", v, r->n_shared, loc);
  g_autoptr (GArray) tokens = g_array_new (FALSE, FALSE, sizeof (RfToken));
  RfToken t = { (guint32) v, 1 };
  g_array_append_val (tokens, t);
  skip_blanks (c);
  if (c->p == c->end || *c->p != '|')
    {
      expected (r, c, "'|'");
      return;
    }
  c->p++;
  c->col++;
  skip_blanks (c);
  if (!at_eol (c))
    for (;;)
      {
        if (!read_number (r, c, "a local state", &v, &loc))
          return;
        if (check_state (r, "local", v, r->n_local, loc))
          {
            t = (RfToken) { r->n_shared + (guint32) v, 1 };
            g_array_append_val (tokens, t);
          }
        else
          ok = FALSE;
        skip_blanks (c);
        if (c->p < c->end && *c->p == ',')
          {
            c->p++;
            c->col++;
            continue;
          }
        if (!expect_eol (r, c))
          return;
        break;
      }
  if (ok)
    g_ptr_array_add (r->targets, rf_marking_new ((RfToken *) tokens->data, tokens->len));
}

static void
read_prop (Reader *r, Cursor *c)
{
  guint before = r->targets->len, errors = r->n_syntax + r->n_semantic;
  for (; c->p < c->end && !rf_diags_stopped (r->diags); next_line (c))
    {
      skip_blanks (c);
      if (!at_eol (c))
        read_target (r, c);
    }
  if (r->targets->len == before && r->n_syntax + r->n_semantic == errors)
    report (r, &r->n_semantic, (RfLoc) { c->file, 0, 0 }, "no target in the property file");
}

static void
cursor_init (Cursor *c, const char *file, const char *text, gsize len)
{
  *c = (Cursor) { file, text, text + len, 1, 1 };
}

/* PROP_ERRNO: why the property file could not be read (0 if it was, or if the
 * caller gave its text). */
static gboolean
parse_texts (const char *file, const char *text, gsize len,
             const char *prop_file, const char *prop_text, gsize prop_len, int prop_errno,
             RfDiags *diags, RfNet **net_out, GPtrArray **targets_out, GError **error)
{
  file = g_intern_string (file ? file : "<input>");
  gsize bom = rf_input_bom_length (text, len);
  text += bom;
  len -= bom;
  if (prop_text)
    {
      gsize prop_bom = rf_input_bom_length (prop_text, prop_len);
      prop_text += prop_bom;
      prop_len -= prop_bom;
    }
  g_autofree char *default_prop = prop_file ? NULL : g_strconcat (file, ".prop", NULL);
  prop_file = g_intern_string (prop_file ? prop_file : default_prop);
  guint errors_before = rf_diags_n_errors (diags);
  Reader r = {
    .diags = diags,
    .net = rf_net_new (),
    .targets = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref),
  };

  if (prop_errno)
    report (&r, &r.n_io, (RfLoc) { file, 0, 0 }, "cannot read property file '%s': %s",
            prop_file, g_strerror (prop_errno));
  rf_diags_set_source (diags, file, text);
  Cursor c;
  cursor_init (&c, file, text, len);
  read_tts (&r, &c);
  if (prop_text && r.have_header)
    {
      rf_diags_set_source (diags, prop_file, prop_text);
      cursor_init (&c, prop_file, prop_text, prop_len);
      read_prop (&r, &c);
    }
  else if (!prop_text && !prop_errno)
    report (&r, &r.n_semantic, (RfLoc) { file, 0, 0 }, "no property file given (the target is missing)");

  guint n = rf_diags_n_errors (diags) - errors_before;
  gboolean ok = n == 0;
  *net_out = NULL;
  *targets_out = NULL;
  if (ok)
    {
      *net_out = g_steal_pointer (&r.net);
      *targets_out = g_steal_pointer (&r.targets);
    }
  else
    {
      RfInputError code = r.n_io > 0 ? RF_INPUT_ERROR_IO
                        : r.n_syntax > 0 ? RF_INPUT_ERROR_SYNTAX
                        : r.n_unsupported > 0 ? RF_INPUT_ERROR_UNSUPPORTED
                        : RF_INPUT_ERROR_SEMANTIC;
      g_set_error (error, RF_INPUT_ERROR, code, "%u error%s", n, n == 1 ? "" : "s");
    }
  rf_net_free (r.net);
  if (r.targets)
    g_ptr_array_unref (r.targets);
  return ok;
}

gboolean
rf_tts_parse (const char *file, const char *text,
              const char *prop_file, const char *prop_text, RfDiags *diags,
              RfNet **net_out, GPtrArray **targets_out, GError **error)
{
  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (diags != NULL, FALSE);
  g_return_val_if_fail (net_out != NULL && targets_out != NULL, FALSE);
  return parse_texts (file, text, strlen (text), prop_file, prop_text, prop_text ? strlen (prop_text) : 0,
                      0, diags, net_out, targets_out, error);
}

char *
rf_tts_default_prop_file (const char *file)
{
  g_return_val_if_fail (file != NULL, NULL);
  g_autofree char *appended = g_strconcat (file, ".prop", NULL);
  if (g_file_test (appended, G_FILE_TEST_EXISTS) || !g_str_has_suffix (file, ".tts"))
    return g_steal_pointer (&appended);
  return g_strdup_printf ("%.*s.prop", (int) (strlen (file) - strlen (".tts")), file);
}

gboolean
rf_tts_parse_files (const char *file, const char *prop_file, RfDiags *diags,
                    RfNet **net_out, GPtrArray **targets_out, GError **error)
{
  g_return_val_if_fail (file != NULL, FALSE);
  g_return_val_if_fail (diags != NULL, FALSE);
  g_return_val_if_fail (net_out != NULL && targets_out != NULL, FALSE);
  *net_out = NULL;
  *targets_out = NULL;
  g_autoptr (GString) text = rf_input_read_file (file, NULL, error);
  if (!text)
    return FALSE;
  g_autofree char *prop = prop_file ? g_strdup (prop_file) : rf_tts_default_prop_file (file);
  int err = 0;
  g_autoptr (GString) prop_text = rf_input_read_file (prop, &err, NULL);
  return parse_texts (file, text->str, text->len, prop, prop_text ? prop_text->str : NULL,
                      prop_text ? prop_text->len : 0, err, diags, net_out, targets_out, error);
}
