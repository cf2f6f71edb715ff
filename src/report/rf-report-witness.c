/* rf-report-witness: the violation witness of a race as a YAML witness (format 2.2).
 *
 * Approach. The race's interleaving (rf-race.h) is walked once, in firing order. A step
 * becomes a waypoint when it has a C source location and means a point the thread
 * passes: a step that creates a thread (pthread_create) is a `function_enter` waypoint
 * at the call's opening parenthesis, the others an `assumption` waypoint whose
 * constraint is "1" (true: it only orders the step) at the step's location. Left out:
 * steps without a location (the model's own moves), the end of an access (its begin
 * already passed the location: one C access is two steps of the net), an assumption
 * whose thread's next waypoint is at the same place (the read and the write of
 * `n++` are one point of the C program: the last stays), and the two racing accesses,
 * which the last segment holds as `target` waypoints. Each waypoint
 * but the targets is a segment of its own, so the segments' order is the order of the
 * interleaving across threads.
 *
 * Thread ids follow the format's concurrency extension: 0 for main, k for the thread
 * the k-th `function_enter` waypoint creates. A thread there from the start that is
 * not main (a handler the model starts itself) has no creation to point at; it gets
 * the ids after the created threads', in thread id order.
 *
 * The YAML is written by hand: every string double-quoted and escaped (append_string),
 * so a file name with ':', '#' or quotes stays one scalar; numbers and the format's
 * keywords bare. The uuid is made from the SHA-256 of the file without its uuid and
 * creation_time lines (the version nibble 5 and the RFC 4122 variant set, as a name-
 * based uuid has them): the same witness always has the same uuid. */
#include "rf-report-witness.h"

#include <string.h>

#include "rf-report-private.h"

#define FORMAT_VERSION "2.2"
/* the property of SV-COMP's no-data-race.prp */
#define SPECIFICATION "CHECK( init(main()), LTL(G ! data-race) )"
/* required by the format; the model does not depend on type sizes */
#define DATA_MODEL "LP64"
#define EPOCH "1970-01-01T00:00:00Z"

/* Appends S as a YAML double-quoted scalar: '"' and '\' escaped, and every character
 * YAML does not allow unescaped in a stream (C0 and C1 controls, DEL, U+FEFF, U+FFFE,
 * U+FFFF) as \uXXXX or a short escape; invalid UTF-8 becomes U+FFFD. */
static void
append_string (GString *out, const char *s)
{
  g_autofree char *valid = g_utf8_make_valid (s ? s : "", -1);
  g_string_append_c (out, '"');
  for (const char *p = valid; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      if (c == '"' || c == '\\')
        g_string_append_printf (out, "\\%c", (char) c);
      else if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0xfeff || c == 0xfffe || c == 0xffff)
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
    }
  g_string_append_c (out, '"');
}

/* Appends "# TEXT" and a newline at INDENT: TEXT on one line, control characters
 * blanked (a comment cannot be escaped). */
static void
append_comment (GString *out, const char *indent, const char *text)
{
  g_string_append_printf (out, "%s# ", indent);
  for (const char *s = text; *s; s++)
    g_string_append_c (out, (guchar) *s < ' ' || *s == 0x7f ? ' ' : *s);
  g_string_append_c (out, '\n');
}

/* The column of the opening parenthesis of the call at LOC (a pthread_create: the name
 * at LOC, blanks, then '('), where the format places a function_enter waypoint; LOC's
 * own column when the source line does not read so (or is not ASCII up to there). */
static guint
call_paren_column (const RfCheckResult *res, RfLoc loc)
{
  gsize len = 0;
  const char *line = rf_check_result_lookup_line (res, loc.file, loc.line, &len);
  if (!line || loc.col == 0 || loc.col > len)
    return loc.col;
  for (gsize i = 0; i < loc.col - 1; i++)
    if ((guchar) line[i] >= 0x80)
      return loc.col;
  gsize i = loc.col - 1;
  if (!g_ascii_isalpha (line[i]) && line[i] != '_')
    return loc.col;
  while (i < len && (g_ascii_isalnum (line[i]) || line[i] == '_'))
    i++;
  while (i < len && (line[i] == ' ' || line[i] == '\t'))
    i++;
  return i < len && line[i] == '(' ? (guint) i + 1 : loc.col;
}

/* Whether transition T ends an access: it takes the token a thread put on a Read or
 * Write place when the access began. */
static gboolean
ends_access (const RfNet *net, const RfTransition *t)
{
  for (guint i = 0; i < t->n_pre; i++)
    {
      RfPlaceKind kind = rf_net_get_place (net, t->pre[i].place)->kind;
      if (kind == RF_PLACE_READ || kind == RF_PLACE_WRITE)
        return TRUE;
    }
  return FALSE;
}

/* Threads: the witness's thread ids. Invariant: ids has one element per thread of the
 * interleaving and index 0 (unused), each G_MAXUINT until set; create[k] is the number
 * of the function_enter waypoint step k+1 is (1-based), or 0 when it creates no thread
 * or has no location. */
typedef struct {
  GArray *ids;      /* guint, by thread (1-based) */
  GArray *create;   /* guint, by step (0-based) */
} Threads;

static void
threads_init (Threads *th, const RfNet *net, const RfInterleaving *il)
{
  guint n_threads = 0, n_created = 0;
  for (guint k = 0; k < il->steps->len; k++)
    n_threads = MAX (n_threads, g_array_index (il->steps, RfThreadStep, k).thread);
  for (guint k = 0; k < il->final->len; k++)
    n_threads = MAX (n_threads, g_array_index (il->final, RfThreadState, k).thread);
  th->ids = g_array_new (FALSE, FALSE, sizeof (guint));
  th->create = g_array_new (FALSE, TRUE, sizeof (guint));
  g_array_set_size (th->create, il->steps->len);
  for (guint t = 0; t <= n_threads; t++)
    {
      guint none = G_MAXUINT;
      g_array_append_val (th->ids, none);
    }
  for (guint k = 0; k < il->steps->len; k++)
    {
      const RfTransition *t = rf_net_get_transition (net, g_array_index (il->steps, RfThreadStep, k).transition);
      if (t->spawn >= 0 && t->loc.file && t->loc.line > 0)
        g_array_index (th->create, guint, k) = ++n_created;
    }
  /* main is 0; a created thread the number of its creation's waypoint */
  for (guint k = 0; k < il->final->len; k++)
    {
      const RfThreadState *st = &g_array_index (il->final, RfThreadState, k);
      guint *id = &g_array_index (th->ids, guint, st->thread);
      if (st->created_step > 0 && g_array_index (th->create, guint, st->created_step - 1) > 0)
        *id = g_array_index (th->create, guint, st->created_step - 1);
      else if (st->created_step == 0 && strcmp (rf_report_job_name (net, st->job), "main") == 0)
        *id = 0;
    }
  /* the others after the created threads, in thread id order */
  for (guint t = 1; t <= n_threads; t++)
    if (g_array_index (th->ids, guint, t) == G_MAXUINT)
      g_array_index (th->ids, guint, t) = ++n_created;
}

static void
threads_clear (Threads *th)
{
  g_array_unref (th->ids);
  g_array_unref (th->create);
}

/* One waypoint: "    - waypoint:" and its members, TYPE at LOC (column COL) in function
 * FN (NULL: not known) for witness thread THREAD_ID, after the comment WHAT. */
static void
append_waypoint (GString *out, const char *what, const char *type, guint thread_id, RfLoc loc, guint col,
                 const char *fn)
{
  append_comment (out, "    ", what);
  g_string_append (out, "    - waypoint:\n");
  g_string_append_printf (out, "        type: %s\n", type);
  g_string_append (out, "        action: follow\n");
  g_string_append_printf (out, "        thread_id: %u\n", thread_id);
  if (strcmp (type, "assumption") == 0)
    g_string_append (out, "        constraint:\n"
                          "          value: \"1\"\n"
                          "          format: c_expression\n");
  g_string_append (out, "        location:\n");
  g_string_append (out, "          file_name: ");
  append_string (out, loc.file);
  g_string_append_printf (out, "\n          line: %u\n", loc.line);
  if (col > 0)
    g_string_append_printf (out, "          column: %u\n", col);
  if (fn)
    {
      g_string_append (out, "          function: ");
      append_string (out, fn);
      g_string_append_c (out, '\n');
    }
}

/* "step N: T2 (inc) LABEL" for step K (0-based) of IL. Owned. */
static char *
step_text (const RfNet *net, const RfInterleaving *il, guint k)
{
  const RfThreadStep *s = &g_array_index (il->steps, RfThreadStep, k);
  const RfTransition *t = rf_net_get_transition (net, s->transition);
  return g_strdup_printf ("step %u: T%u (%s) %s", k + 1, s->thread, rf_report_job_name (net, s->job),
                          t->label ? t->label : "");
}

/* The task: the input files, each with the SHA-256 of its text as the front end read
 * it (the empty string's when unknown), the property, the data model, the language. */
static void
append_task (GString *out, const RfCheckResult *res)
{
  const char *const *inputs = rf_check_result_get_inputs (res);
  g_string_append (out, "    task:\n      input_files:\n");
  for (guint i = 0; inputs[i]; i++)
    {
      g_string_append (out, "      - ");
      append_string (out, inputs[i]);
      g_string_append_c (out, '\n');
    }
  g_string_append (out, "      input_file_hashes:\n");
  for (guint i = 0; inputs[i]; i++)
    {
      gsize len = 0;
      const char *text = rf_check_result_lookup_source (res, inputs[i], &len, NULL);
      g_autofree char *hash = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) (text ? text : ""),
                                                           text ? len : 0);
      g_string_append (out, "        ");
      append_string (out, inputs[i]);
      g_string_append_printf (out, ": \"%s\"\n", hash);
    }
  g_string_append (out, "      specification: ");
  append_string (out, SPECIFICATION);
  g_string_append_printf (out, "\n      data_model: \"%s\"\n      language: \"C\"\n", DATA_MODEL);
}

static gboolean
same_loc (RfLoc a, RfLoc b)
{
  return a.file == b.file && a.line == b.line && a.col == b.col;
}

/* Which steps of IL are waypoints before the last segment (TRUE), given the racing
 * pair A, B (either may be NULL) and the creation steps of TH: those with a location
 * that end no access and are not a racing access, less each assumption whose thread's
 * next such step, or racing access, is at the same location. Owned, gboolean by step. */
static GArray *
waypoint_steps (const RfNet *net, const RfInterleaving *il, const RfRaceSite *a, const RfRaceSite *b,
                const Threads *th)
{
  guint n = il->steps->len;
  GArray *keep = g_array_new (FALSE, TRUE, sizeof (gboolean));
  g_array_set_size (keep, n);
  g_autofree gboolean *site = g_new0 (gboolean, n + 1);
  for (guint k = 0; k < n; k++)
    {
      site[k] = (a && a->step == k + 1) || (b && b->step == k + 1);
      const RfTransition *t = rf_net_get_transition (net, g_array_index (il->steps, RfThreadStep, k).transition);
      g_array_index (keep, gboolean, k) = t->loc.file && t->loc.line > 0 && !site[k] && !ends_access (net, t);
    }
  for (guint k = 0; k < n; k++)
    {
      if (!g_array_index (keep, gboolean, k) || g_array_index (th->create, guint, k) > 0)
        continue;
      const RfThreadStep *s = &g_array_index (il->steps, RfThreadStep, k);
      RfLoc loc = rf_net_get_transition (net, s->transition)->loc;
      for (guint j = k + 1; j < n; j++)
        {
          const RfThreadStep *r = &g_array_index (il->steps, RfThreadStep, j);
          if (r->thread != s->thread || (!g_array_index (keep, gboolean, j) && !site[j]))
            continue;
          const RfRaceSite *rs = a && a->step == j + 1 ? a : b && b->step == j + 1 ? b : NULL;
          RfLoc next = rs ? rs->loc : rf_net_get_transition (net, r->transition)->loc;
          if (same_loc (loc, next))
            g_array_index (keep, gboolean, k) = FALSE;
          break;
        }
    }
  return keep;
}

/* The content: one segment per waypoint of the interleaving, then the targets. */
static void
append_content (GString *out, const RfCheckResult *res, const RfRaceVerdict *rv)
{
  const RfNet *net = rf_check_result_get_net (res);
  const RfInterleaving *il = rv->interleaving;
  const RfRaceSite *a, *b;
  rf_race_verdict_pair (rv, &a, &b);
  Threads th;
  threads_init (&th, net, il);
  g_autoptr (GArray) keep = waypoint_steps (net, il, a, b, &th);
  g_string_append (out, "  content:\n");
  for (guint k = 0; k < il->steps->len; k++)
    {
      const RfThreadStep *s = &g_array_index (il->steps, RfThreadStep, k);
      const RfTransition *t = rf_net_get_transition (net, s->transition);
      if (!g_array_index (keep, gboolean, k))
        continue;
      gboolean create = g_array_index (th.create, guint, k) > 0;
      g_autofree char *what = step_text (net, il, k);
      g_string_append (out, "  - segment:\n");
      append_waypoint (out, what, create ? "function_enter" : "assumption", g_array_index (th.ids, guint, s->thread),
                       t->loc, create ? call_paren_column (res, t->loc) : t->loc.col, rf_report_step_function (rf_check_result_get_program (res), net, il, k));
    }
  /* the racing pair: both targets in the last segment, unordered */
  g_string_append (out, "  - segment:\n");
  const RfRaceSite *pair[] = { a, b };
  for (guint n = 0; n < G_N_ELEMENTS (pair); n++)
    {
      const RfRaceSite *site = pair[n];
      if (!site)
        continue;
      g_autofree char *what = g_strdup_printf ("%s %s by T%u (%s) at step %u", n == 0 ? "race:" : "conflicting",
                                               site->write ? "write" : "read", site->thread,
                                               rf_report_job_name (net, site->job), site->step);
      append_waypoint (out, what, "target", g_array_index (th.ids, guint, site->thread), site->loc, site->loc.col,
                       site->step > 0 ? rf_report_step_function (rf_check_result_get_program (res), net, il, site->step - 1) : NULL);
    }
  threads_clear (&th);
}

const RfRaceVerdict *
rf_report_witness_verdict (const RfCheckResult *res, gint var)
{
  GPtrArray *verdicts = rf_check_result_get_verdicts (res);
  for (guint i = 0; i < verdicts->len; i++)
    {
      const RfRaceVerdict *rv = g_ptr_array_index (verdicts, i);
      if (var >= 0 && rv->var != (guint) var)
        continue;
      if (rv->result->verdict == RF_COVER_UNSAFE && rv->interleaving)
        return rv;
    }
  return NULL;
}

/* The uuid of a witness whose text without uuid and time is BODY: the first 16 bytes
 * of its SHA-256, with the version (5) and variant (10) bits set. Owned. */
static char *
body_uuid (const GString *body)
{
  guint8 digest[32];
  gsize n = sizeof digest;
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  g_checksum_update (sum, (const guchar *) body->str, body->len);
  g_checksum_get_digest (sum, digest, &n);
  digest[6] = (digest[6] & 0x0f) | 0x50;
  digest[8] = (digest[8] & 0x3f) | 0x80;
  GString *u = g_string_new (NULL);
  for (guint i = 0; i < 16; i++)
    g_string_append_printf (u, "%s%02x", i == 4 || i == 6 || i == 8 || i == 10 ? "-" : "", digest[i]);
  return g_string_free (u, FALSE);
}

void
rf_report_witness (const RfCheckResult *res, const RfRaceVerdict *rv, const RfReportOptions *opts, GString *out)
{
  g_return_if_fail (rv && rv->interleaving);
  /* head and tail: the whole file but its uuid and creation_time lines */
  g_autoptr (GString) head = g_string_new (NULL);
  g_autoptr (GString) tail = g_string_new (NULL);
  g_autofree char *title = g_strdup_printf ("racefree: data race on '%s', an interleaving of %u steps", rv->name,
                                            rv->interleaving->steps->len);
  append_comment (head, "", title);
  append_comment (head, "", "violation witness, format " FORMAT_VERSION " (docs/reports.md, Witness files)");
  g_string_append (head, "- entry_type: violation_sequence\n  metadata:\n");
  g_string_append (head, "    format_version: \"" FORMAT_VERSION "\"\n");
  g_string_append (tail, "    producer:\n      name: \"racefree\"\n      version: ");
  append_string (tail, RF_VERSION);
  g_string_append_c (tail, '\n');
  append_task (tail, res);
  append_content (tail, res, rv);

  g_autoptr (GString) body = g_string_new (head->str);
  g_string_append_len (body, tail->str, tail->len);
  g_autofree char *uuid = body_uuid (body);
  g_autofree char *time = NULL;
  if (!opts || !opts->no_time)
    {
      gint64 us = opts && opts->end_us > 0 ? opts->end_us : g_get_real_time ();
      g_autoptr (GDateTime) when = g_date_time_new_from_unix_utc (us / G_USEC_PER_SEC);
      time = when ? g_date_time_format (when, "%Y-%m-%dT%H:%M:%SZ") : NULL;
    }
  g_string_append_len (out, head->str, head->len);
  g_string_append_printf (out, "    uuid: \"%s\"\n    creation_time: \"%s\"\n", uuid, time ? time : EPOCH);
  g_string_append_len (out, tail->str, tail->len);
}
