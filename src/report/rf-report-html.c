/* rf-report-html: the report of a race check as one self-contained HTML page.
 *
 * The page is written top to bottom: header, the summary (the page's index, one row per
 * location by file and line of its declaration), one article per race (id order),
 * source listings, statistics, then the script and style of rf-report-html-page.c.
 * It works without JavaScript (every witness step is a row of the lanes table, the
 * index in file order); the inline script sorts the index by a clicked column and adds
 * the step-through: each witness panel copies the listing of the current step's file
 * into its source pane and moves a highlight over the rows, the acting thread's lane,
 * the current line, and one badge per thread where it stands (in a gutter before the
 * line's text). A race's net picture is the part of the net its witness touches, so
 * that its size follows the witness, not the program.
 * Rows carry what the script needs as data attributes (data-step, data-thread,
 * data-file: an index into the listed files, data-line). Pictures are embedded as
 * inline SVG by append_race_pictures, the one place that chooses them. */
#include "rf-report-html.h"
#include "rf-report-private.h"
#include "rf-report-html-private.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "rf-dot.h"
#include "rf-out.h"

/* SourceFile: one listed file. text (len bytes) is NULL exactly when the check result
 * has no text for the file; error then says why, if it was read at all. */
typedef struct {
  const char *name;     /* borrowed: an input name or an interned location file */
  const char *text;     /* borrowed from the check result, or NULL */
  gsize len;
  const char *error;    /* borrowed from the check result, or NULL */
  GHashTable *racing;   /* line (GUINT_TO_POINTER) -> TRUE: lines of racing accesses */
} SourceFile;

static void
source_file_free (gpointer p)
{
  SourceFile *f = p;
  g_hash_table_unref (f->racing);
  g_free (f);
}

/* Page: what one page is written from, all borrowed from the check result but files,
 * which is indexed by the data-file numbers. */
typedef struct {
  const RfCheckResult *res;
  const RfProgram *prog;
  const RfNet *net;
  GPtrArray *verdicts;          /* RfRaceVerdict* */
  const char *const *inputs;    /* NULL-terminated */
  const RfReportOptions *opts;  /* may be NULL */
  GPtrArray *files;             /* SourceFile*, owned */
} Page;

/* ---- escaping and small pieces ---- */

/* Appends S as HTML text (also safe in a quoted attribute): & < > " ' escaped,
 * invalid UTF-8 replaced by U+FFFD, control characters other than tab and newline
 * dropped. */
static void
html_escape (GString *out, const char *s)
{
  g_autofree char *valid = g_utf8_make_valid (s ? s : "", -1);
  for (const char *p = valid; *p; p++)
    switch (*p)
      {
      case '&': g_string_append (out, "&amp;"); break;
      case '<': g_string_append (out, "&lt;"); break;
      case '>': g_string_append (out, "&gt;"); break;
      case '"': g_string_append (out, "&quot;"); break;
      case '\'': g_string_append (out, "&#39;"); break;
      default:
        if ((guchar) *p >= 0x20 && *p != 0x7f)
          g_string_append_c (out, *p);
        else if (*p == '\t' || *p == '\n')
          g_string_append_c (out, *p);
      }
}

static void
html_escape_printf (GString *out, const char *fmt, ...) G_GNUC_PRINTF (2, 3);

static void
html_escape_printf (GString *out, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *s = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  html_escape (out, s);
}

static const char *
verdict_class (RfCoverVerdict v)
{
  switch (v)
    {
    case RF_COVER_SAFE: return "free";
    case RF_COVER_UNSAFE: return "race";
    case RF_COVER_UNKNOWN: return "unknown";
    }
  g_assert_not_reached ();
}

static const char *
verdict_text (RfCoverVerdict v)
{
  switch (v)
    {
    case RF_COVER_SAFE: return "race-free (proved)";
    case RF_COVER_UNSAFE: return "RACE";
    case RF_COVER_UNKNOWN: return "unknown (search budget exhausted)";
    }
  g_assert_not_reached ();
}

/* ---- source files ---- */

static gint
file_lookup (const Page *pg, const char *name)
{
  for (guint i = 0; name && i < pg->files->len; i++)
    if (strcmp (((SourceFile *) g_ptr_array_index (pg->files, i))->name, name) == 0)
      return (gint) i;
  return -1;
}

/* The index of NAME in the listed files, which takes its text from the check result
 * (the front end's reading of it, or the driver's) when it is new. */
static guint
file_add (Page *pg, const char *name)
{
  gint i = file_lookup (pg, name);
  if (i >= 0)
    return (guint) i;
  SourceFile *f = g_new0 (SourceFile, 1);
  f->name = name;
  f->text = rf_check_result_lookup_source (pg->res, name, &f->len, &f->error);
  f->racing = g_hash_table_new (NULL, NULL);
  g_ptr_array_add (pg->files, f);
  return pg->files->len - 1;
}

/* Lists the inputs, then in order of first use every file a declaration, a witness
 * step or a thread's final position names; marks the lines of racing accesses. */
static void
collect_files (Page *pg)
{
  for (const char *const *f = pg->inputs; *f; f++)
    file_add (pg, *f);
  for (guint i = 0; i < pg->verdicts->len; i++)
    {
      const RfRaceVerdict *rv = g_ptr_array_index (pg->verdicts, i);
      RfLoc decl = pg->prog ? rf_program_get_var (pg->prog, rv->var)->loc : RF_LOC_NONE;
      if (decl.file)
        file_add (pg, decl.file);
      const RfInterleaving *il = rv->interleaving;
      if (!il)
        continue;
      for (guint k = 0; k < il->steps->len; k++)
        {
          const RfThreadStep *s = &g_array_index (il->steps, RfThreadStep, k);
          RfLoc loc = rf_net_get_transition (pg->net, s->transition)->loc;
          if (loc.file)
            file_add (pg, loc.file);
        }
      for (guint k = 0; k < il->final->len; k++)
        {
          const RfThreadState *st = &g_array_index (il->final, RfThreadState, k);
          RfLoc loc = rf_net_get_place (pg->net, st->place)->loc;
          if (loc.file)
            file_add (pg, loc.file);
        }
      GArray *sites = rv->sites;
      for (guint k = 0; k < sites->len; k++)
        {
          const RfRaceSite *site = &g_array_index (sites, RfRaceSite, k);
          if (site->loc.file && site->loc.line > 0)
            {
              SourceFile *f = g_ptr_array_index (pg->files, file_add (pg, site->loc.file));
              g_hash_table_add (f->racing, GUINT_TO_POINTER (site->loc.line));
            }
        }
    }
}

/* "file:line:col" for LOC, linked to its line in the listing when the file is listed
 * and readable; "?" when unknown. */
static void
append_loc (const Page *pg, GString *out, RfLoc loc)
{
  if (!loc.file || loc.line == 0)
    {
      g_string_append (out, "?");
      return;
    }
  gint f = file_lookup (pg, loc.file);
  gboolean link = f >= 0 && ((SourceFile *) g_ptr_array_index (pg->files, f))->text != NULL;
  if (link)
    g_string_append_printf (out, "<a href=\"#f%d-l%u\">", f, loc.line);
  html_escape_printf (out, loc.col > 0 ? "%s:%u:%u" : "%s:%u", loc.file, loc.line, loc.col);
  if (link)
    g_string_append (out, "</a>");
}

/* "T2 (inc)" */
static void
append_thread (const Page *pg, GString *out, guint thread, gint job)
{
  if (thread == 0)
    {
      g_string_append (out, "(no thread)");
      return;
    }
  g_string_append_printf (out, "T%u (", thread);
  html_escape (out, rf_report_job_name (pg->net, job));
  g_string_append_c (out, ')');
}

/* ---- head ---- */

static void
append_head (const Page *pg, GString *out)
{
  g_string_append (out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                        "<meta name=\"generator\" content=\"racefree " RF_VERSION "\">\n<title>racefree: ");
  const char *const *inputs = pg->inputs;
  if (inputs[0])
    for (guint i = 0; inputs[i]; i++)
      {
        if (i)
          g_string_append (out, ", ");
        html_escape (out, inputs[i]);
      }
  else
    g_string_append (out, "race check");
  g_string_append (out, "</title>\n<style>\n");
  g_string_append (out, rf_report_html_style);
  g_string_append (out, "</style>\n</head>\n");
}

/* ---- summary ---- */

/* "write by T2 (inc) at f.sml:13:3" for each racing access of RV. */
static void
append_sites (const Page *pg, GString *out, const RfRaceVerdict *rv, const char *sep)
{
  GArray *sites = rv->sites;
  for (guint k = 0; k < sites->len; k++)
    {
      const RfRaceSite *site = &g_array_index (sites, RfRaceSite, k);
      if (k)
        g_string_append (out, sep);
      g_string_append (out, site->write ? "write by " : "read by ");
      append_thread (pg, out, site->thread, site->job);
      g_string_append (out, " at ");
      append_loc (pg, out, site->loc);
    }
}

static void
append_header (const Page *pg, GString *out, guint n_race, guint n_free, guint n_unknown)
{
  guint n = pg->verdicts->len;
  g_string_append (out, "<body>\n<header>\n<h1>racefree report</h1>\n<p>Input");
  const char *const *inputs = pg->inputs;
  guint n_inputs = g_strv_length ((char **) inputs);
  g_string_append (out, n_inputs == 1 ? ": " : "s: ");
  for (guint i = 0; i < n_inputs; i++)
    {
      g_string_append (out, i ? ", <code>" : "<code>");
      html_escape (out, inputs[i]);
      g_string_append (out, "</code>");
    }
  g_string_append (out, "</p>\n<p class=\"overall\">");
  if (n_race)
    g_string_append (out, "<span class=\"verdict race\">RACE</span>");
  else if (n_unknown)
    g_string_append (out, "<span class=\"verdict unknown\">unknown</span>");
  else
    g_string_append (out, "<span class=\"verdict free\">race-free</span>");
  g_string_append_printf (out, " %u shared location%s: %u race%s, %u race-free, %u unknown</p>\n",
                          n, n == 1 ? "" : "s", n_race, n_race == 1 ? "" : "s", n_free, n_unknown);
  g_string_append (out, "<nav><a href=\"#summary\">Summary</a>");
  if (n_race)
    g_string_append (out, "<a href=\"#races\">Races</a>");
  if (rf_check_result_get_checks (pg->res) & (RF_CHECK_DEADLOCKS | RF_CHECK_MISUSE))
    g_string_append (out, "<a href=\"#deadlocks\">Deadlocks</a>");
  g_string_append (out, "<a href=\"#sources\">Sources</a><a href=\"#statistics\">Statistics</a></nav>\n"
                        "</header>\n<main>\n");
}

static RfLoc
decl_loc (const Page *pg, const RfRaceVerdict *rv)
{
  return pg->prog ? rf_program_get_var (pg->prog, rv->var)->loc : RF_LOC_NONE;
}

/* Orders verdict indices by the file of their declaration (none last), its line and
 * column, then id: the index's order without JavaScript. */
static gint
cmp_by_decl (gconstpointer a, gconstpointer b, gpointer data)
{
  const Page *pg = data;
  guint i = *(const guint *) a, j = *(const guint *) b;
  RfLoc x = decl_loc (pg, g_ptr_array_index (pg->verdicts, i));
  RfLoc y = decl_loc (pg, g_ptr_array_index (pg->verdicts, j));
  if (!x.file != !y.file)
    return x.file ? -1 : 1;
  gint c = x.file ? strcmp (x.file, y.file) : 0;
  if (c == 0)
    c = (x.line > y.line) - (x.line < y.line);
  if (c == 0)
    c = (x.col > y.col) - (x.col < y.col);
  return c ? c : (i > j) - (i < j);
}

/* The summary is the index of the page (scan-build's index is the model): one row per
 * location, sorted by declaration (cmp_by_decl); the script sorts it by any column with
 * data-sort, the verdict column by severity (data-key: race 0, unknown 1, race-free 2). */
static void
append_summary (const Page *pg, GString *out)
{
  guint n = pg->verdicts->len;
  g_autofree guint *order = g_new (guint, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    order[i] = i;
  g_qsort_with_data (order, n, sizeof (guint), cmp_by_decl, (gpointer) pg);
  g_string_append (out, "<section id=\"summary\">\n<h2>Summary</h2>\n<table class=\"summary index\">\n"
                        "<thead><tr><th data-sort=\"text\">Location</th><th data-sort=\"text\">File</th>"
                        "<th data-sort=\"num\">Line</th><th data-sort=\"num\">Verdict</th>"
                        "<th>Racing accesses</th></tr></thead>\n<tbody>\n");
  for (guint o = 0; o < n; o++)
    {
      guint i = order[o];
      const RfRaceVerdict *rv = g_ptr_array_index (pg->verdicts, i);
      RfCoverVerdict v = rv->result->verdict;
      g_string_append_printf (out, "<tr data-order=\"%u\"><td><code>", o);
      if (rv->interleaving)
        g_string_append_printf (out, "<a href=\"#race-%u\">", i + 1);
      html_escape (out, rv->name);
      if (rv->interleaving)
        g_string_append (out, "</a>");
      g_string_append (out, "</code></td><td>");
      RfLoc decl = decl_loc (pg, rv);
      gint f = decl.file ? file_lookup (pg, decl.file) : -1;
      gboolean link = f >= 0 && ((SourceFile *) g_ptr_array_index (pg->files, f))->text != NULL;
      if (link)
        g_string_append_printf (out, "<a href=\"#f%d\">", f);
      html_escape (out, decl.file ? decl.file : "");
      if (link)
        g_string_append (out, "</a>");
      g_string_append_printf (out, "</td><td class=\"num\" data-key=\"%u\">", decl.line);
      if (decl.line > 0 && link)
        g_string_append_printf (out, "<a href=\"#f%d-l%u\">%u</a>", f, decl.line, decl.line);
      else if (decl.line > 0)
        g_string_append_printf (out, "%u", decl.line);
      const RfSuppression *sup = rf_check_result_race_suppression (pg->res, rv);
      g_string_append_printf (out, "</td><td data-key=\"%d\"><span class=\"verdict %s\">%s</span>",
                              v == RF_COVER_UNSAFE ? 0 : v == RF_COVER_UNKNOWN ? 1 : 2, verdict_class (v),
                              verdict_text (v));
      if (rv->argument)
        {
          g_string_append (out, " <span class=\"proof\">(");
          html_escape (out, rv->argument);
          g_string_append (out, ")</span>");
        }
      if (sup->kind)
        {
          g_string_append (out, " (suppressed: ");
          html_escape (out, sup->reason);
          g_string_append (out, ")");
        }
      g_string_append (out, "</td><td>");
      if (rv->interleaving)
        append_sites (pg, out, rv, "<br>");
      g_string_append (out, "</td></tr>\n");
    }
  g_string_append (out, "</tbody>\n</table>\n</section>\n");
}

/* ---- races ---- */

/* Appends SVG with every id made unique in the page by ID_PREFIX: id="x" becomes
 * id="PREFIXx", and the references url(#x) and href="#x" (also xlink:href) follow.
 * Text in SVG is XML-escaped, so these patterns occur only as markup. */
static void
append_svg_prefixed (GString *out, const char *svg, const char *id_prefix)
{
  static const char *const patterns[] = { " id=\"", "url(#", "href=\"#" };
  const char *p = svg;
  while (*p)
    {
      const char *next = NULL, *pat = NULL;
      for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
        {
          const char *at = strstr (p, patterns[i]);
          if (at && (!next || at < next))
            next = at, pat = patterns[i];
        }
      if (!next)
        {
          g_string_append (out, p);
          return;
        }
      g_string_append_len (out, p, next - p + strlen (pat));
      g_string_append (out, id_prefix);
      p = next + strlen (pat);
    }
}

/* One picture: CAPTION and inline SVG (anything before its <svg element, such as
 * the XML declaration and doctype, is dropped; ids get ID_PREFIX), or WHY_NOT when
 * there is none. */
static void
append_svg_figure (GString *out, const char *id_prefix, const char *caption, const char *svg,
                   const char *why_not)
{
  g_string_append (out, "<figure><figcaption>");
  html_escape (out, caption);
  g_string_append (out, "</figcaption>");
  const char *start = svg ? strstr (svg, "<svg") : NULL;
  if (start)
    {
      g_string_append (out, "<div class=\"svg\">\n");
      append_svg_prefixed (out, start, id_prefix);
      if (out->str[out->len - 1] != '\n')
        g_string_append_c (out, '\n');
      g_string_append (out, "</div>");
    }
  else
    {
      g_string_append (out, "<p class=\"missing\">");
      html_escape (out, why_not ? why_not : "no picture");
      g_string_append (out, "</p>");
    }
  g_string_append (out, "</figure>\n");
}

/* DOT text rendered as SVG (owned), or NULL with *WHY_NOT set (owned). */
static char *
render_svg (const char *dot, char **why_not)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = rf_dot_render (dot, "svg", &error);
  if (!bytes)
    {
      *why_not = g_strdup_printf ("picture not available: %s", error->message);
      return NULL;
    }
  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

/* The pictures of race RV, the INDEX-th location: the part of the net the witness
 * touches (its transitions numbered in firing order, the final marking's tokens; not
 * the whole slice of the variable, which grows with the program: aget's took Graphviz
 * half a minute a race), and the sequence diagram (one lane per thread), both laid out by Graphviz
 * (rf-dot's process-wide context). */
static void
append_race_pictures (Page *pg, const RfRaceVerdict *rv, guint index, GString *out)
{
  const char *var = rf_program_get_var (pg->prog, rv->var)->name;
  g_autofree char *net_dot = rf_dot_witness_touched_to_string (pg->net, rv, var);
  g_autofree char *seq_dot = rf_dot_witness_sequence_to_string (pg->net, rv, var);
  g_autofree char *net_why = NULL, *seq_why = NULL;
  g_autofree char *net_svg = render_svg (net_dot, &net_why);
  g_autofree char *seq_svg = render_svg (seq_dot, &seq_why);
  g_autofree char *net_prefix = g_strdup_printf ("race%u-net-", index);
  g_autofree char *seq_prefix = g_strdup_printf ("race%u-seq-", index);
  append_svg_figure (out, net_prefix, "The witness on the net: the transitions it fires, numbered in firing order, "
                     "with their places and the final marking's tokens", net_svg, net_why);
  append_svg_figure (out, seq_prefix, "The witness as a sequence diagram: one lane per thread", seq_svg, seq_why);
}

/* Thread ids that take a step or end somewhere in IL, ascending (0, a step no thread
 * takes, first when present). */
static GArray *
lanes_of (const RfInterleaving *il)
{
  GArray *lanes = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint pass = 0; pass < 2; pass++)
    {
      GArray *src = pass ? il->final : il->steps;
      for (guint k = 0; k < src->len; k++)
        {
          guint t = pass ? g_array_index (src, RfThreadState, k).thread
                         : g_array_index (src, RfThreadStep, k).thread;
          guint i = 0;
          while (i < lanes->len && g_array_index (lanes, guint, i) < t)
            i++;
          if (i == lanes->len || g_array_index (lanes, guint, i) != t)
            g_array_insert_val (lanes, i, t);
        }
    }
  return lanes;
}

/* The job of thread T in IL (-1 when unknown). */
static gint
job_of (const RfInterleaving *il, guint t)
{
  for (guint k = 0; k < il->final->len; k++)
    if (g_array_index (il->final, RfThreadState, k).thread == t)
      return g_array_index (il->final, RfThreadState, k).job;
  for (guint k = 0; k < il->steps->len; k++)
    if (g_array_index (il->steps, RfThreadStep, k).thread == t)
      return g_array_index (il->steps, RfThreadStep, k).job;
  return -1;
}

/* A location's line in a lanes cell: ":12" in the row's own file, "other.c:12"
 * elsewhere; the full position as a tooltip. */
static void
append_cell_loc (GString *out, RfLoc loc)
{
  if (!loc.file || loc.line == 0)
    return;
  g_autofree char *base = g_path_get_basename (loc.file);
  g_string_append (out, "<small title=\"");
  html_escape_printf (out, loc.col ? "%s:%u:%u" : "%s:%u", loc.file, loc.line, loc.col);
  g_string_append (out, "\">");
  html_escape_printf (out, "%s:%u", base, loc.line);
  g_string_append (out, "</small>");
}

static void
append_witness (const Page *pg, GString *out, const RfRaceVerdict *rv, guint index)
{
  const RfInterleaving *il = rv->interleaving;
  g_autoptr (GArray) lanes = lanes_of (il);
  GArray *sites = rv->sites;
  guint n = il->steps->len;

  g_string_append_printf (out, "<div class=\"witness\" id=\"witness-%u\" tabindex=\"0\" data-steps=\"%u\">\n",
                          index, n);
  g_string_append_printf (out, "<div class=\"controls\"><button type=\"button\" class=\"prev\">&#9664; Previous</button>"
                               "<button type=\"button\" class=\"next\">Next &#9654;</button>"
                               "<span class=\"position\">step <b class=\"cur-step\">1</b> of %u</span>"
                               "<span class=\"now\"></span></div>\n", n);
  g_string_append (out, "<div class=\"panes\">\n<div class=\"lanes-box\">\n<table class=\"lanes\">\n"
                        "<thead><tr><th class=\"n\">#</th>");
  for (guint l = 0; l < lanes->len; l++)
    {
      guint t = g_array_index (lanes, guint, l);
      g_string_append_printf (out, "<th class=\"lane\" data-thread=\"%u\">", t);
      append_thread (pg, out, t, job_of (il, t));
      g_string_append (out, "</th>");
    }
  g_string_append (out, "</tr></thead>\n<tbody>\n");
  for (guint i = 0; i < n; i++)
    {
      const RfThreadStep *s = &g_array_index (il->steps, RfThreadStep, i);
      const RfTransition *t = rf_net_get_transition (pg->net, s->transition);
      gboolean racing = FALSE;
      for (guint k = 0; k < sites->len; k++)
        racing |= g_array_index (sites, RfRaceSite, k).step == i + 1;
      gint f = t->loc.file ? file_lookup (pg, t->loc.file) : -1;
      g_string_append_printf (out, "<tr class=\"step%s\" data-step=\"%u\" data-thread=\"%u\" data-file=\"%d\" "
                                   "data-line=\"%u\"><td class=\"n\">%u</td>",
                              racing ? " racing" : "", i + 1, s->thread, f, t->loc.line, i + 1);
      for (guint l = 0; l < lanes->len; l++)
        {
          if (g_array_index (lanes, guint, l) != s->thread)
            {
              g_string_append (out, "<td></td>");
              continue;
            }
          g_string_append (out, "<td class=\"act\">");
          html_escape (out, t->label);
          append_cell_loc (out, t->loc);
          /* the function, where the step is in one its thread called; the whole call
           * stack as a tooltip */
          gboolean shared = FALSE;
          g_autoptr (GArray) stack = rf_report_step_stack (pg->prog, pg->net, il, i, t->loc, &shared);
          if (stack->len > 1 || (stack->len == 1 && shared))
            {
              g_autoptr (GString) text = g_string_new (NULL);
              rf_report_append_stack (stack, shared, text);
              g_string_append (out, "<small class=\"fn\" title=\"");
              html_escape (out, text->str);
              g_string_append (out, "\">in ");
              html_escape (out, g_array_index (stack, RfStackFrame, 0).fn);
              g_string_append (out, "</small>");
            }
          g_string_append (out, "</td>");
        }
      g_string_append (out, "</tr>\n");
    }
  g_string_append (out, "<tr class=\"final\"><td class=\"n\">end</td>");
  for (guint l = 0; l < lanes->len; l++)
    {
      guint t = g_array_index (lanes, guint, l);
      const RfThreadState *st = NULL;
      for (guint k = 0; k < il->final->len && !st; k++)
        if (g_array_index (il->final, RfThreadState, k).thread == t)
          st = &g_array_index (il->final, RfThreadState, k);
      g_string_append (out, "<td>");
      if (st)
        {
          const RfPlace *p = rf_net_get_place (pg->net, st->place);
          html_escape (out, p->activity ? p->activity : "at");
          append_cell_loc (out, p->loc);
          g_autoptr (GArray) held = pg->prog && !st->ended ? rf_interleaving_held (pg->net, il, t, G_MAXUINT) : NULL;
          if (held && held->len)
            {
              g_autoptr (GString) text = g_string_new (NULL);
              rf_report_append_held (pg->prog, held, text);
              g_string_append (out, "<br>");
              html_escape (out, text->str);
            }
          if (st->created_step > 0)
            {
              g_autofree char *text = g_strdup_printf ("created by T%u at step %u", st->creator, st->created_step);
              g_string_append (out, "<br>");
              html_escape (out, text);
            }
        }
      g_string_append (out, "</td>");
    }
  g_string_append (out, "</tr>\n</tbody>\n</table>\n</div>\n"
                        "<div class=\"srcpane\" aria-label=\"source at the current step\"></div>\n"
                        "</div>\n</div>\n");
}

static void
append_races (Page *pg, GString *out, guint n_race)
{
  if (n_race == 0)
    return;
  g_string_append (out, "<section id=\"races\">\n<h2>Races</h2>\n");
  for (guint i = 0; i < pg->verdicts->len; i++)
    {
      const RfRaceVerdict *rv = g_ptr_array_index (pg->verdicts, i);
      if (!rv->interleaving)
        continue;
      g_string_append_printf (out, "<article class=\"race\" id=\"race-%u\">\n<h3>Race on <code>", i + 1);
      html_escape (out, rv->name);
      g_string_append (out, "</code></h3>\n<p>");
      append_sites (pg, out, rv, ", conflicting with ");
      g_string_append_printf (out, ". The interleaving below (%u step%s) leads there from the start; "
                                   "Next and Previous step through it.</p>\n",
                              rv->interleaving->steps->len, rv->interleaving->steps->len == 1 ? "" : "s");
      GPtrArray *notes = rv->notes;
      for (guint n = 0; n < notes->len; n++)
        {
          g_string_append (out, "<p class=\"why\">Why the access is not protected: ");
          html_escape (out, g_ptr_array_index (notes, n));
          g_string_append (out, "</p>\n");
        }
      /* every racing pair of access statements, when there is more than this one */
      guint p_race, p_free, p_unknown;
      rf_report_count_pairs (rv, &p_race, &p_free, &p_unknown);
      if (rv->pairs && rv->pairs->len + rv->pairs_unchecked > 1)
        {
          g_string_append_printf (out, "<p class=\"pairs\">%u of the %u pairs of access statements with a write race"
                                       " (%u cannot, proved; %u unknown; %u not checked):</p>\n<ul class=\"pairs\">\n",
                                  p_race, rv->pairs->len + rv->pairs_unchecked, p_free, p_unknown, rv->pairs_unchecked);
          for (guint k = 0; k < rv->pairs->len; k++)
            {
              const RfRacePair *p = &g_array_index (rv->pairs, RfRacePair, k);
              if (p->verdict == RF_COVER_SAFE)
                continue;
              g_string_append (out, p->verdict == RF_COVER_UNSAFE ? "<li>race: " : "<li>unknown: ");
              g_string_append (out, p->a_write ? "write at " : "read at ");
              append_loc (pg, out, p->a);
              g_string_append (out, p->b_write ? " and write at " : " and read at ");
              append_loc (pg, out, p->b);
              if (p->witness)
                g_string_append (out, " (the interleaving below)");
              g_string_append (out, "</li>\n");
            }
          g_string_append (out, "</ul>\n");
        }
      append_witness (pg, out, rv, i + 1);
      g_string_append (out, "<div class=\"pictures\">\n");
      append_race_pictures (pg, rv, i + 1, out);
      g_string_append (out, "</div>\n</article>\n");
    }
  g_string_append (out, "</section>\n");
}

/* ---- deadlocks ---- */

/* The deadlock check, when it ran: one row per question (a lock-order cycle, a mutex a
 * thread may lock again) with its verdict; for a deadlock shown, what each thread holds
 * and waits for, and the interleaving as text. */
static void
append_deadlocks (const Page *pg, GString *out)
{
  GPtrArray *dls = rf_check_result_get_deadlocks (pg->res);
  if (!(rf_check_result_get_checks (pg->res) & (RF_CHECK_DEADLOCKS | RF_CHECK_MISUSE)) || !pg->prog)
    return;
  g_autoptr (GString) summary = g_string_new (NULL);
  rf_report_text_deadlock_summary (pg->res, summary);
  g_string_append (out, "<section id=\"deadlocks\">\n<h2>Deadlocks</h2>\n<pre class=\"deadlock-summary\">");
  html_escape (out, summary->str);
  g_string_append (out, "</pre>\n");
  if (dls->len > 0)
    g_string_append (out, "<table class=\"summary\">\n<thead><tr><th>Question</th><th>Verdict</th>"
                          "<th>Threads</th></tr></thead>\n<tbody>\n");
  for (guint i = 0; i < dls->len; i++)
    {
      const RfDeadlockVerdict *dv = g_ptr_array_index (dls, i);
      const char *cls = dv->status == RF_DEADLOCK_FOUND ? "race" : dv->status == RF_DEADLOCK_FREE ? "free" : "unknown";
      g_string_append (out, "<tr><td>");
      html_escape_printf (out, "%s %s", rf_deadlock_kind_info (dv->kind)->question, dv->name);
      g_string_append_printf (out, "</td><td><span class=\"verdict %s\">", cls);
      html_escape (out, rf_deadlock_status_to_string (dv));
      g_string_append (out, "</span>");
      if (dv->why)
        html_escape_printf (out, " (%s)", dv->why);
      g_string_append (out, "</td><td>");
      for (guint k = 0; dv->threads && k < dv->threads->len; k++)
        {
          g_autoptr (GString) what = g_string_new (NULL);
          rf_report_append_deadlock_thread (pg->prog, pg->net, dv, &g_array_index (dv->threads, RfDeadlockThread, k),
                                            what);
          g_string_append (out, k ? "<br>" : "");
          html_escape (out, what->str);
        }
      g_string_append (out, "</td></tr>\n");
      if (dv->status == RF_DEADLOCK_FOUND)
        {
          g_autoptr (GString) steps = g_string_new (NULL);
          rf_report_append_steps (pg->prog, pg->net, dv->interleaving, steps);
          g_string_append (out, "<tr><td colspan=\"3\"><pre>");
          html_escape (out, steps->str);
          g_string_append (out, "</pre></td></tr>\n");
        }
    }
  if (dls->len > 0)
    g_string_append (out, "</tbody>\n</table>\n");
  g_string_append (out, "</section>\n");
}

/* ---- sources ---- */

static void
append_sources (const Page *pg, GString *out)
{
  g_string_append (out, "<section id=\"sources\">\n<h2>Sources</h2>\n");
  for (guint i = 0; i < pg->files->len; i++)
    {
      const SourceFile *f = g_ptr_array_index (pg->files, i);
      g_string_append_printf (out, "<div class=\"source\" id=\"f%u\" data-file=\"%u\">\n<h3>", i, i);
      html_escape (out, f->name);
      g_string_append (out, "</h3>\n");
      if (!f->text)
        {
          g_string_append (out, "<p class=\"missing\">");
          if (f->error)
            html_escape_printf (out, "source not available: %s", f->error);
          else
            html_escape_printf (out, "source not available: '%s' was not read", f->name);
          g_string_append (out, "</p>\n</div>\n");
          continue;
        }
      g_string_append (out, "<pre class=\"code\">");
      const char *p = f->text, *end = f->text + f->len;
      for (guint line = 1; p < end; line++)
        {
          const char *nl = memchr (p, '\n', end - p);
          const char *stop = nl ? nl : end;
          gboolean racing = g_hash_table_contains (f->racing, GUINT_TO_POINTER (line));
          g_string_append_printf (out, "<span class=\"line%s\" id=\"f%u-l%u\" data-line=\"%u\">",
                                  racing ? " racing" : "", i, line, line);
          if (stop > p && stop[-1] == '\r')
            stop--;   /* a CRLF line end */
          g_autofree char *text = g_strndup (p, stop - p);
          html_escape (out, text);
          g_string_append (out, "\n</span>");
          p = nl ? nl + 1 : end;
        }
      g_string_append (out, "</pre>\n</div>\n");
    }
  g_string_append (out, "</section>\n");
}

/* ---- statistics ---- */

static void
append_statistics (const Page *pg, GString *out)
{
  gboolean time = !(pg->opts && pg->opts->no_time);
  g_string_append_printf (out, "<section id=\"statistics\">\n<h2>Statistics</h2>\n"
                               "<p>The net: %u places, %u transitions, %u job type%s. Counts are those of "
                               "<code>--stats</code>: #Conf markings added to the basis, #Subsum markings "
                               "discarded or dropped by subsumption, #Iter rounds.</p>\n",
                          rf_net_n_places (pg->net), rf_net_n_transitions (pg->net),
                          rf_net_n_jobs (pg->net), rf_net_n_jobs (pg->net) == 1 ? "" : "s");
  g_string_append (out, "<table class=\"stats\">\n<thead><tr><th>Location</th><th>Verdict</th><th>#Conf</th>"
                        "<th>#Subsum</th><th>#Iter</th><th>kept</th><th>pruned by invariants</th>"
                        "<th>pruned by the state equation</th><th>forward states</th>");
  if (time)
    g_string_append (out, "<th>seconds</th>");
  g_string_append (out, "</tr></thead>\n<tbody>\n");
  gdouble total = 0;
  for (guint i = 0; i < pg->verdicts->len; i++)
    {
      const RfRaceVerdict *rv = g_ptr_array_index (pg->verdicts, i);
      const RfCoverStats *st = &rv->result->stats;
      g_string_append (out, "<tr><td><code>");
      html_escape (out, rv->name);
      g_string_append_printf (out, "</code></td><td><span class=\"verdict %s\">%s</span></td>"
                                   "<td class=\"num\">%" G_GUINT64_FORMAT "</td><td class=\"num\">%" G_GUINT64_FORMAT
                                   "</td><td class=\"num\">%" G_GUINT64_FORMAT "</td><td class=\"num\">%" G_GUINT64_FORMAT
                                   "</td><td class=\"num\">%" G_GUINT64_FORMAT "</td><td class=\"num\">%" G_GUINT64_FORMAT
                                   "</td><td class=\"num\">%" G_GUINT64_FORMAT "</td>",
                              verdict_class (rv->result->verdict), verdict_text (rv->result->verdict),
                              st->conf, st->subsumed, st->iterations, st->kept, st->pruned, st->steq_pruned,
                              st->forward_states);
      if (time)
        {
          char buf[G_ASCII_DTOSTR_BUF_SIZE];
          g_string_append_printf (out, "<td class=\"num\">%s</td>",
                                  g_ascii_formatd (buf, sizeof buf, "%.3f", st->seconds));
        }
      g_string_append (out, "</tr>\n");
      total += st->seconds;
    }
  g_string_append (out, "</tbody>\n</table>\n");
  if (time)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      g_string_append_printf (out, "<p>Search time: %s s in all.</p>\n",
                              g_ascii_formatd (buf, sizeof buf, "%.3f", total));
    }
  g_string_append (out, "</section>\n");
}

/* ---- page ---- */

void
rf_report_html (const RfCheckResult *res, const RfReportOptions *opts, GString *out)
{
  Page pg = { res, rf_check_result_get_program (res), rf_check_result_get_net (res),
              rf_check_result_get_verdicts (res), rf_check_result_get_inputs (res), opts,
              g_ptr_array_new_with_free_func (source_file_free) };
  guint n_race, n_free, n_unknown;
  rf_check_result_count (res, &n_race, &n_free, &n_unknown);
  collect_files (&pg);
  append_head (&pg, out);
  append_header (&pg, out, n_race, n_free, n_unknown);
  append_summary (&pg, out);
  append_races (&pg, out, n_race);
  append_deadlocks (&pg, out);
  append_sources (&pg, out);
  append_statistics (&pg, out);
  g_string_append (out, "</main>\n<footer>racefree " RF_VERSION "</footer>\n<script>\n");
  g_string_append (out, rf_report_html_script);
  g_string_append (out, "</script>\n</body>\n</html>\n");
  g_ptr_array_unref (pg.files);
}

/* ---- the report directory ---- */

gboolean
rf_report_html_dir_usable (const char *dir, GError **error)
{
  g_autofree char *path = g_strdup (dir);
  while (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      char *parent = g_path_get_dirname (path);
      if (strcmp (parent, path) == 0)
        {
          g_free (parent);
          break;
        }
      g_free (path);
      path = parent;
    }
  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      if (strcmp (path, dir) == 0)
        g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR, "'%s' exists and is not a directory", dir);
      else
        g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR, "cannot create '%s': '%s' is not a directory",
                     dir, path);
      return FALSE;
    }
  if (g_access (path, W_OK | X_OK) != 0)
    {
      int e = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e), "cannot write into '%s': %s",
                   path, g_strerror (e));
      return FALSE;
    }
  /* An existing DIR: its index.html must be writable too (not a directory, say). */
  g_autofree char *index = g_build_filename (dir, "index.html", NULL);
  return strcmp (path, dir) != 0 || rf_out_check_file (index, error);
}

gboolean
rf_report_html_write_dir (const char *dir, const char *page, gsize len, GError **error)
{
  if (!rf_report_html_dir_usable (dir, error))
    return FALSE;
  /* The missing directories from DIR up, created top-down, removed bottom-up on failure. */
  g_autoptr (GPtrArray) missing = g_ptr_array_new_with_free_func (g_free);
  for (char *p = g_strdup (dir);; )
    {
      if (g_file_test (p, G_FILE_TEST_EXISTS))
        {
          g_free (p);
          break;
        }
      g_ptr_array_add (missing, p);
      p = g_path_get_dirname (p);
    }
  guint made = 0;
  gboolean ok = TRUE;
  for (guint i = missing->len; i-- > 0 && ok;)
    {
      const char *d = g_ptr_array_index (missing, i);
      if (g_mkdir (d, 0777) != 0)
        {
          int e = errno;
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (e), "cannot create '%s': %s", d, g_strerror (e));
          ok = FALSE;
        }
      else
        made++;
    }
  if (ok)
    {
      g_autofree char *index = g_build_filename (dir, "index.html", NULL);
      ok = rf_out_write_file (index, page, len, NULL, error);
    }
  if (!ok)
    for (guint i = missing->len - made; i < missing->len; i++)
      g_rmdir (g_ptr_array_index (missing, i));
  return ok;
}
