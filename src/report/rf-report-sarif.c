/* rf-report-sarif: the report of a race check as SARIF 2.1.0, for code-scanning UIs.
 *
 * One run; one result per race (rule racefree/data-race, level error) whose locations
 * are the two racing access sites, the one the report leads with (a write) first, and
 * whose single codeFlow holds the witness as one threadFlow per thread (id "T2", steps
 * in firing order, executionOrder = the step's number in the whole interleaving, the
 * racing accesses marked essential). An unknown verdict gives one result of rule
 * racefree/unknown (level warning) at the variable's declaration. A deadlock shown gives
 * one result of rule racefree/deadlock (a lock-order cycle, a lost wake-up) or
 * racefree/lock-misuse (a relock, an unlock of a mutex not held, a thread ending with
 * one held, blocking under a spinlock), level error, at each thread's waiting lock,
 * with the witness as for a race
 * (the threads' locks of what they hold essential); an unknown deadlock verdict one
 * racefree/unknown result at its first blocking lock. Artifacts list the
 * input files, then any other file a location names, in order of first use.
 *
 * Made for GitHub code scanning (docs/reports.md, SARIF): rules with full descriptions
 * and help; the run's invocation (exit status, times) and automation id; files under
 * the source root (%SRCROOT%, originalUriBaseIds) named by relative URIs with that
 * base, others by absolute file: URIs; each result's fingerprint (partialFingerprints,
 * from the check result) and suppression; a thread flow's message names where its
 * thread was created and each step's state the locks its thread holds; result
 * locations carry their source line as a contextRegion snippet.
 *
 * A coverability check (cover) gives one run too: when the target is coverable, one
 * result (rule racefree/coverable, level error) at the rule of the witness's last step,
 * whose codeFlow holds the witness as one threadFlow ("run") with one location per
 * step at the rule of the `.spec`/`.tts` file that fired; an unknown verdict gives one
 * racefree/unknown result at the input file; a safe net gives no result. */
#include "rf-report-private.h"

#include <string.h>

#define RULE_RACE "racefree/data-race"
#define RULE_UNKNOWN "racefree/unknown"
#define RULE_COVERABLE "racefree/coverable"
#define RULE_DEADLOCK "racefree/deadlock"
#define RULE_MISUSE "racefree/lock-misuse"

/* Artifacts: the files a log names. Invariant: files holds each name (borrowed) once,
 * in order of first use, and artifact i of the log is files[i]; root is the absolute
 * directory %SRCROOT% stands for, with a trailing '/'. */
typedef struct {
  GPtrArray *files;
  char *root;
  const RfCheckResult *res;   /* borrowed: the source texts, for artifact lengths */
} Artifacts;

static void
artifacts_init (Artifacts *a, const RfCheckResult *res, const RfReportOptions *opts)
{
  a->files = g_ptr_array_new ();
  g_autofree char *cwd = g_get_current_dir ();
  g_autofree char *root = g_canonicalize_filename (opts && opts->source_root ? opts->source_root : cwd, cwd);
  a->root = g_str_has_suffix (root, "/") ? g_strdup (root) : g_strconcat (root, "/", NULL);
  a->res = res;
}

static void
artifacts_clear (Artifacts *a)
{
  g_ptr_array_unref (a->files);
  g_free (a->root);
}

static guint
artifact_index (Artifacts *a, const char *file)
{
  for (guint i = 0; i < a->files->len; i++)
    if (strcmp (g_ptr_array_index (a->files, i), file) == 0)
      return i;
  g_ptr_array_add (a->files, (gpointer) file);
  return a->files->len - 1;
}

/* The files of IL's steps (IL may be NULL). */
static void
collect_steps (const RfNet *net, const RfInterleaving *il, Artifacts *artifacts)
{
  for (guint k = 0; il && k < il->steps->len; k++)
    {
      const RfThreadStep *s = &g_array_index (il->steps, RfThreadStep, k);
      RfLoc loc = rf_net_get_transition (net, s->transition)->loc;
      if (loc.file)
        artifact_index (artifacts, loc.file);
    }
}

static void
collect_artifacts (const RfCheckResult *res, Artifacts *artifacts)
{
  const RfProgram *prog = rf_check_result_get_program (res);
  const RfNet *net = rf_check_result_get_net (res);
  GPtrArray *verdicts = rf_check_result_get_verdicts (res);
  for (const char *const *f = rf_check_result_get_inputs (res); *f; f++)
    artifact_index (artifacts, *f);
  for (guint i = 0; i < verdicts->len; i++)
    {
      const RfRaceVerdict *rv = g_ptr_array_index (verdicts, i);
      if (rv->result->verdict == RF_COVER_UNKNOWN && prog)
        {
          RfLoc loc = rf_program_get_var (prog, rv->var)->loc;
          if (loc.file)
            artifact_index (artifacts, loc.file);
        }
      collect_steps (net, rv->interleaving, artifacts);
    }
  GPtrArray *deadlocks = rf_check_result_get_deadlocks (res);
  for (guint i = 0; i < deadlocks->len; i++)
    {
      const RfDeadlockVerdict *dv = g_ptr_array_index (deadlocks, i);
      if (dv->status == RF_DEADLOCK_UNKNOWN && dv->loc.file)
        artifact_index (artifacts, dv->loc.file);
      if (dv->status != RF_DEADLOCK_FOUND)
        continue;
      for (guint k = 0; k < dv->threads->len; k++)
        {
          RfLoc loc = g_array_index (dv->threads, RfDeadlockThread, k).wait_loc;
          if (loc.file)
            artifact_index (artifacts, loc.file);
        }
      collect_steps (net, dv->interleaving, artifacts);
    }
}

/* FILE's URI reference: relative to the root (percent-encoded; *BASED TRUE) when FILE
 * is under it, else an absolute file: URI. Owned. */
static char *
file_uri (const Artifacts *a, const char *file, gboolean *based)
{
  g_autofree char *abs = g_canonicalize_filename (file, NULL);
  *based = g_str_has_prefix (abs, a->root);
  if (*based)
    return g_uri_escape_string (abs + strlen (a->root), G_URI_RESERVED_CHARS_ALLOWED_IN_PATH, FALSE);
  char *uri = g_filename_to_uri (abs, NULL, NULL);
  return uri ? uri : g_uri_escape_string (abs, G_URI_RESERVED_CHARS_ALLOWED_IN_PATH, FALSE);
}

/* An artifactLocation's members for FILE: uri, and uriBaseId when it is relative. */
static void
write_uri_members (RfJson *j, const Artifacts *a, const char *file)
{
  gboolean based;
  g_autofree char *uri = file_uri (a, file, &based);
  rf_json_member_string (j, "uri", uri);
  if (based)
    rf_json_member_string (j, "uriBaseId", "%SRCROOT%");
}

static void
write_message (RfJson *j, const char *text)
{
  rf_json_key (j, "message");
  rf_json_begin_object (j);
  rf_json_member_string (j, "text", text);
  rf_json_end_object (j);
}

/* The text of line LINE of FILE as the check result holds it (no newline), or NULL
 * when unknown or not valid UTF-8. Owned. */
static char *
source_line (const Artifacts *a, const char *file, guint line)
{
  gsize n = 0;
  const char *p = rf_check_result_lookup_line (a->res, file, line, &n);
  return p && g_utf8_validate (p, (gssize) n, NULL) ? g_strndup (p, n) : NULL;
}

static void write_location_full (RfJson *j, Artifacts *artifacts, gint id, RfLoc loc, const char *message,
                                 const char *fn,
                                 gboolean snippet);

/* A location object: physicalLocation when LOC is known, and MESSAGE if non-NULL. */
static void
write_location (RfJson *j, Artifacts *artifacts, RfLoc loc, const char *message)
{
  write_location_full (j, artifacts, -1, loc, message, NULL, FALSE);
}

/* The same, with ID (>= 0: a related location's id), in function FN (non-NULL: a
 * logicalLocation of kind "function"), with
 * SNIPPET: a contextRegion holding the whole line, when the source is known (the region
 * itself has no end: its text would run from the column to the end of the line). */
static void
write_location_full (RfJson *j, Artifacts *artifacts, gint id, RfLoc loc, const char *message, const char *fn,
                     gboolean snippet)
{
  g_autofree char *line_text = snippet && loc.file ? source_line (artifacts, loc.file, loc.line) : NULL;
  rf_json_begin_object (j);
  if (id >= 0)
    rf_json_member_uint (j, "id", (guint) id);
  if (loc.file)
    {
      rf_json_key (j, "physicalLocation");
      rf_json_begin_object (j);
      rf_json_key (j, "artifactLocation");
      rf_json_begin_object (j);
      write_uri_members (j, artifacts, loc.file);
      rf_json_member_uint (j, "index", artifact_index (artifacts, loc.file));
      rf_json_end_object (j);
      if (loc.line > 0)
        {
          rf_json_key (j, "region");
          rf_json_begin_object (j);
          rf_json_member_uint (j, "startLine", loc.line);
          if (loc.col > 0)
            rf_json_member_uint (j, "startColumn", loc.col);
          rf_json_end_object (j);
          if (line_text)
            {
              rf_json_key (j, "contextRegion");
              rf_json_begin_object (j);
              rf_json_member_uint (j, "startLine", loc.line);
              rf_json_key (j, "snippet");
              rf_json_begin_object (j);
              rf_json_member_string (j, "text", line_text);
              rf_json_end_object (j);
              rf_json_end_object (j);
            }
        }
      rf_json_end_object (j);
    }
  if (fn)
    {
      rf_json_key (j, "logicalLocations");
      rf_json_begin_array (j);
      rf_json_begin_object (j);
      rf_json_member_string (j, "name", fn);
      rf_json_member_string (j, "kind", "function");
      rf_json_end_object (j);
      rf_json_end_array (j);
    }
  if (message)
    write_message (j, message);
  rf_json_end_object (j);
}

/* A threadFlowLocation's "stack" STACK (innermost first; SHARED: the outermost frame is
 * a copy shared by callers not named). */
static void
write_stack (RfJson *j, Artifacts *artifacts, const GArray *stack, gboolean shared)
{
  rf_json_key (j, "stack");
  rf_json_begin_object (j);
  if (shared)
    write_message (j, "the outermost function is one copy shared by several callers, not named here");
  rf_json_key (j, "frames");
  rf_json_begin_array (j);
  for (guint i = 0; i < stack->len; i++)
    {
      const RfStackFrame *f = &g_array_index (stack, RfStackFrame, i);
      rf_json_begin_object (j);
      rf_json_key (j, "location");
      write_location_full (j, artifacts, -1, f->loc, NULL, f->fn, FALSE);
      rf_json_end_object (j);
    }
  rf_json_end_array (j);
  rf_json_end_object (j);
}

static char *
site_text (const RfNet *net, const RfRaceSite *s)
{
  return g_strdup_printf ("%s by T%u (%s)", s->write ? "write" : "read", s->thread,
                          rf_report_job_name (net, s->job));
}

static char *
loc_text (RfLoc loc)
{
  if (!loc.file || loc.line == 0)
    return g_strdup ("?");
  return g_strdup_printf ("%s:%u:%u", loc.file, loc.line, loc.col);
}

/* A rule of the run: id, name, one-line and full descriptions, help (plain text; the
 * markdown help is the same with `code` spans), default level. */
typedef struct {
  const char *id, *name, *text, *full, *help, *level;
} Rule;

static void
write_text_object (RfJson *j, const char *key, const char *text)
{
  rf_json_key (j, key);
  rf_json_begin_object (j);
  rf_json_member_string (j, "text", text);
  rf_json_end_object (j);
}

static void
write_rule (RfJson *j, const Rule *r)
{
  rf_json_begin_object (j);
  rf_json_member_string (j, "id", r->id);
  rf_json_member_string (j, "name", r->name);
  write_text_object (j, "shortDescription", r->text);
  write_text_object (j, "fullDescription", r->full);
  rf_json_key (j, "help");
  rf_json_begin_object (j);
  rf_json_member_string (j, "text", r->help);
  rf_json_member_string (j, "markdown", r->help);
  rf_json_end_object (j);
  rf_json_key (j, "defaultConfiguration");
  rf_json_begin_object (j);
  rf_json_member_string (j, "level", r->level);
  rf_json_end_object (j);
  rf_json_end_object (j);
}

/* A result's partialFingerprints (FINGERPRINT may be NULL: none) and suppressions
 * (SUP may be NULL: none). */
static void
write_finding (RfJson *j, const char *fingerprint, const RfSuppression *sup, Artifacts *artifacts)
{
  if (fingerprint)
    {
      rf_json_key (j, "partialFingerprints");
      rf_json_begin_object (j);
      rf_json_member_string (j, "racefree/v1", fingerprint);
      rf_json_end_object (j);
    }
  if (!sup || !sup->kind)
    return;
  rf_json_key (j, "suppressions");
  rf_json_begin_array (j);
  rf_json_begin_object (j);
  if (sup->kind == RF_SUPPRESS_SOURCE)
    {
      rf_json_member_string (j, "kind", "inSource");
      rf_json_member_string (j, "justification", sup->reason);
      rf_json_key (j, "location");
      write_location (j, artifacts, sup->loc, NULL);
    }
  else
    {
      g_autofree char *why = g_strdup_printf ("in the baseline %s", sup->reason);
      rf_json_member_string (j, "kind", "external");
      rf_json_member_string (j, "justification", why);
    }
  rf_json_end_object (j);
  rf_json_end_array (j);
}

/* Interleaving IL as one codeFlow (message SUMMARY) with one threadFlow per thread, in
 * thread id order; the steps ESSENTIAL[0 .. N_ESSENTIAL) (1-based) marked essential. */
static void
write_code_flow (RfJson *j, const RfProgram *prog, const RfNet *net, const RfInterleaving *il, const char *summary,
                 const guint *essential,
                 guint n_essential, Artifacts *artifacts)
{
  guint n_threads = 0;
  for (guint i = 0; i < il->steps->len; i++)
    n_threads = MAX (n_threads, g_array_index (il->steps, RfThreadStep, i).thread);

  rf_json_key (j, "codeFlows");
  rf_json_begin_array (j);
  rf_json_begin_object (j);
  write_message (j, summary);
  rf_json_key (j, "threadFlows");
  rf_json_begin_array (j);
  for (guint t = 1; t <= n_threads; t++)
    {
      gint job = -1;
      gboolean any = FALSE;
      for (guint i = 0; i < il->steps->len && !any; i++)
        if (g_array_index (il->steps, RfThreadStep, i).thread == t)
          {
            any = TRUE;
            job = g_array_index (il->steps, RfThreadStep, i).job;
          }
      if (!any)
        continue;
      g_autofree char *id = g_strdup_printf ("T%u", t);
      g_autoptr (GString) title = g_string_new (NULL);
      g_string_append_printf (title, "T%u (%s)", t, rf_report_job_name (net, job));
      for (guint k = 0; k < il->final->len; k++)
        {
          const RfThreadState *st = &g_array_index (il->final, RfThreadState, k);
          if (st->thread != t || st->created_step == 0)
            continue;
          const RfThreadStep *cs = &g_array_index (il->steps, RfThreadStep, st->created_step - 1);
          g_autofree char *where = loc_text (rf_net_get_transition (net, cs->transition)->loc);
          g_string_append_printf (title, ", created by T%u at %s (step %u)", st->creator, where, st->created_step);
        }
      rf_json_begin_object (j);
      rf_json_member_string (j, "id", id);
      write_message (j, title->str);
      rf_json_key (j, "locations");
      rf_json_begin_array (j);
      for (guint i = 0; i < il->steps->len; i++)
        {
          const RfThreadStep *s = &g_array_index (il->steps, RfThreadStep, i);
          if (s->thread != t)
            continue;
          const RfTransition *tr = rf_net_get_transition (net, s->transition);
          gboolean racing = FALSE;
          for (guint k = 0; k < n_essential; k++)
            racing |= essential[k] == i + 1;
          rf_json_begin_object (j);
          gboolean shared = FALSE;
          g_autoptr (GArray) stack = rf_report_step_stack (prog, net, il, i, tr->loc, &shared);
          rf_json_key (j, "location");
          write_location_full (j, artifacts, -1, tr->loc, tr->label,
                               stack->len ? g_array_index (stack, RfStackFrame, 0).fn : NULL, FALSE);
          /* the call stack where the step is in a called function, and at the racing steps */
          if (stack->len > 1 || (stack->len && (shared || racing)))
            write_stack (j, artifacts, stack, shared);
          /* the locks the thread holds after the step: on every step where it holds
           * one, and on the essential ones always */
          g_autoptr (GArray) held = prog ? rf_interleaving_held (net, il, t, i + 1) : NULL;
          if (held && (held->len || racing))
            {
              g_autoptr (GString) text = g_string_new (NULL);
              rf_report_append_held_list (prog, held, ", ", text);
              rf_json_key (j, "state");
              rf_json_begin_object (j);
              write_text_object (j, "locks held", held->len ? text->str : "none");
              rf_json_end_object (j);
            }
          rf_json_member_uint (j, "executionOrder", i + 1);
          rf_json_member_string (j, "importance", racing ? "essential" : "important");
          rf_json_end_object (j);
        }
      rf_json_end_array (j);
      rf_json_end_object (j);
    }
  rf_json_end_array (j);
  rf_json_end_object (j);
  rf_json_end_array (j);
}

static void
write_race_result (RfJson *j, const RfCheckResult *res, const RfRaceVerdict *rv, Artifacts *artifacts)
{
  const RfNet *net = rf_check_result_get_net (res);
  const RfProgram *prog = rf_check_result_get_program (res);
  GArray *sites = rv->sites;
  guint lead = rv->lead;
  g_autoptr (GString) text = g_string_new (NULL);
  g_string_append_printf (text, "Data race on '%s'", rv->name);
  for (guint n = 0; n < sites->len; n++)
    {
      /* the lead site first, then the others in thread order */
      guint k = n == 0 ? lead : (n <= lead ? n - 1 : n);
      const RfRaceSite *s = &g_array_index (sites, RfRaceSite, k);
      g_autofree char *what = site_text (net, s);
      g_autofree char *where = loc_text (s->loc);
      g_string_append_printf (text, "%s%s at %s", n == 0 ? ": " : " conflicts with ", what, where);
    }
  for (guint n = 0; n < rv->notes->len; n++)
    g_string_append_printf (text, ". Why: %s", (const char *) g_ptr_array_index (rv->notes, n));
  /* the other racing pairs of access statements (rf_race_find_pairs) */
  g_autoptr (GPtrArray) others = g_ptr_array_new_with_free_func (g_free);
  for (guint n = 0; rv->pairs && n < rv->pairs->len; n++)
    {
      const RfRacePair *p = &g_array_index (rv->pairs, RfRacePair, n);
      if (p->verdict != RF_COVER_UNSAFE || p->witness)
        continue;
      g_autoptr (GString) pt = g_string_new (NULL);
      rf_report_append_pair (p, pt);
      g_string_append_printf (text, "%s%s", others->len ? "; " : ". Other racing pairs: ", pt->str);
      g_ptr_array_add (others, g_string_free (g_steal_pointer (&pt), FALSE));
    }

  rf_json_begin_object (j);
  rf_json_member_string (j, "ruleId", RULE_RACE);
  rf_json_member_uint (j, "ruleIndex", 0);
  rf_json_member_string (j, "level", "error");
  write_message (j, text->str);
  rf_json_key (j, "locations");
  rf_json_begin_array (j);
  for (guint n = 0; n < sites->len; n++)
    {
      guint k = n == 0 ? lead : (n <= lead ? n - 1 : n);
      const RfRaceSite *s = &g_array_index (sites, RfRaceSite, k);
      g_autofree char *what = site_text (net, s);
      const char *fn = s->step > 0 ? rf_report_step_function (prog, net, rv->interleaving, s->step - 1) : NULL;
      write_location_full (j, artifacts, -1, s->loc, what, fn, TRUE);
    }
  rf_json_end_array (j);
  if (others->len)
    {
      /* both statements of each other racing pair, ids 1, 2, ... */
      rf_json_key (j, "relatedLocations");
      rf_json_begin_array (j);
      guint id = 0, k = 0;
      for (guint n = 0; n < rv->pairs->len; n++)
        {
          const RfRacePair *p = &g_array_index (rv->pairs, RfRacePair, n);
          if (p->verdict != RF_COVER_UNSAFE || p->witness)
            continue;
          g_autofree char *msg = g_strdup_printf ("also races: %s", (const char *) g_ptr_array_index (others, k++));
          write_location_full (j, artifacts, (gint) ++id, p->a, msg, NULL, FALSE);
          write_location_full (j, artifacts, (gint) ++id, p->b, msg, NULL, FALSE);
        }
      rf_json_end_array (j);
    }
  g_autofree char *summary = g_strdup_printf ("interleaving of %u steps leading to the race on '%s'",
                                              rv->interleaving->steps->len, rv->name);
  g_autofree guint *essential = g_new (guint, MAX (sites->len, 1));
  for (guint k = 0; k < sites->len; k++)
    essential[k] = g_array_index (sites, RfRaceSite, k).step;
  write_code_flow (j, rf_check_result_get_program (res), net, rv->interleaving, summary, essential, sites->len,
                   artifacts);
  write_finding (j, rf_check_result_race_fingerprint (res, rv), rf_check_result_race_suppression (res, rv), artifacts);
  rf_json_end_object (j);
}

/* A deadlock or a misuse shown: rule racefree/deadlock (the deadlock check's: a
 * lock-order cycle, a lost wake-up) or racefree/lock-misuse (the others), level error; one location per thread (where it
 * waits, unlocks or ends), the first thread's first; the witness as a codeFlow whose
 * essential steps are the threads' locks of the mutexes they hold. */
static void
write_deadlock_result (RfJson *j, const RfCheckResult *res, const RfDeadlockVerdict *dv, Artifacts *artifacts)
{
  const RfProgram *prog = rf_check_result_get_program (res);
  const RfNet *net = rf_check_result_get_net (res);
  const RfDeadlockKindInfo *info = rf_deadlock_kind_info (dv->kind);
  gboolean cycle = info->check == RF_CHECK_DEADLOCKS;
  g_autoptr (GString) text = g_string_new (NULL);
  g_string_append_printf (text, "%c%s: ", g_ascii_toupper (info->what[0]), info->what + 1);
  guint n = dv->threads->len;
  g_autofree guint *essential = g_new (guint, MAX (n, 1));
  guint n_essential = 0;
  for (guint k = 0; k < n; k++)
    {
      const RfDeadlockThread *th = &g_array_index (dv->threads, RfDeadlockThread, k);
      g_string_append (text, k ? "; " : "");
      rf_report_append_deadlock_thread (prog, net, dv, th, text);
      if (th->held_step > 0)
        essential[n_essential++] = th->held_step;
    }
  rf_json_begin_object (j);
  rf_json_member_string (j, "ruleId", cycle ? RULE_DEADLOCK : RULE_MISUSE);
  rf_json_member_uint (j, "ruleIndex", cycle ? 2 : 3);
  rf_json_member_string (j, "level", "error");
  write_message (j, text->str);
  rf_json_key (j, "locations");
  rf_json_begin_array (j);
  for (guint k = 0; k < n; k++)
    {
      const RfDeadlockThread *th = &g_array_index (dv->threads, RfDeadlockThread, k);
      g_autoptr (GString) what = g_string_new (NULL);
      rf_report_append_deadlock_thread (prog, net, dv, th, what);
      write_location_full (j, artifacts, -1, th->wait_loc, what->str, NULL, TRUE);
    }
  rf_json_end_array (j);
  g_autofree char *summary = g_strdup_printf ("interleaving of %u steps leading to the %s (%s %s)",
                                              dv->interleaving->steps->len, info->what, info->question, dv->name);
  write_code_flow (j, prog, net, dv->interleaving, summary, essential, n_essential, artifacts);
  write_finding (j, rf_check_result_deadlock_fingerprint (res, dv), rf_check_result_deadlock_suppression (res, dv),
                 artifacts);
  rf_json_end_object (j);
}

/* An unknown verdict: rule racefree/unknown, level warning, with TEXT at LOC. */
static void
write_unknown (RfJson *j, const char *text, RfLoc loc, const char *fingerprint, Artifacts *artifacts)
{
  rf_json_begin_object (j);
  rf_json_member_string (j, "ruleId", RULE_UNKNOWN);
  rf_json_member_uint (j, "ruleIndex", 1);
  rf_json_member_string (j, "level", "warning");
  write_message (j, text);
  rf_json_key (j, "locations");
  rf_json_begin_array (j);
  if (loc.file && loc.line > 0)
    write_location (j, artifacts, loc, NULL);
  rf_json_end_array (j);
  write_finding (j, fingerprint, NULL, artifacts);
  rf_json_end_object (j);
}

static void
write_unknown_result (RfJson *j, const RfCheckResult *res, const RfRaceVerdict *rv, Artifacts *artifacts)
{
  const RfProgram *prog = rf_check_result_get_program (res);
  g_autofree char *text = g_strdup_printf ("Could not decide whether '%s' can race: %s", rv->name,
                                           rv->result->interrupted ? "the run was interrupted"
                                                                   : "the search budget was exhausted");
  write_unknown (j, text, prog ? rf_program_get_var (prog, rv->var)->loc : RF_LOC_NONE,
                 rf_check_result_race_fingerprint (res, rv), artifacts);
}

/* The language of FILE's source for an artifact's sourceLanguage, or NULL. */
static const char *
source_language (const char *file)
{
  static const char *const c_ext[] = { ".c", ".h", ".i" };
  for (guint i = 0; i < G_N_ELEMENTS (c_ext); i++)
    if (g_str_has_suffix (file, c_ext[i]))
      return "c";
  return NULL;
}

/* Opens the log and its one run: the tool with RULES, the source root, the run's
 * invocation (opts) and automation id (COMMAND: "check", "cover"), the column kind
 * and ARTIFACTS, up to the "results" array, which the caller fills and log_end
 * closes. */
static void
log_begin (RfJson *j, const Rule *rules, guint n_rules, Artifacts *artifacts, const RfReportOptions *opts,
           const char *command)
{
  rf_json_begin_object (j);
  rf_json_member_string (j, "$schema", "https://json.schemastore.org/sarif-2.1.0.json");
  rf_json_member_string (j, "version", "2.1.0");
  rf_json_key (j, "runs");
  rf_json_begin_array (j);
  rf_json_begin_object (j);

  rf_json_key (j, "tool");
  rf_json_begin_object (j);
  rf_json_key (j, "driver");
  rf_json_begin_object (j);
  rf_json_member_string (j, "name", "racefree");
  rf_json_member_string (j, "version", RF_VERSION);
  rf_json_member_string (j, "informationUri", RF_INFORMATION_URI);
  rf_json_key (j, "rules");
  rf_json_begin_array (j);
  for (guint i = 0; i < n_rules; i++)
    write_rule (j, &rules[i]);
  rf_json_end_array (j);
  rf_json_end_object (j);
  rf_json_end_object (j);

  rf_json_key (j, "invocations");
  rf_json_begin_array (j);
  rf_json_begin_object (j);
  /* the tool ran to its end: a race found (1) or a verdict unknown (3) is a result;
   * an input error (2) or an interrupt (130) is not */
  rf_json_key (j, "executionSuccessful");
  rf_json_bool (j, opts->exit_code == 0 || opts->exit_code == 1 || opts->exit_code == 3);
  rf_json_key (j, "exitCode");
  rf_json_int (j, opts->exit_code);
  if (!opts->no_time && opts->start_us > 0 && opts->end_us >= opts->start_us)
    {
      g_autoptr (GDateTime) start = g_date_time_new_from_unix_utc (opts->start_us / G_USEC_PER_SEC);
      g_autoptr (GDateTime) end = g_date_time_new_from_unix_utc (opts->end_us / G_USEC_PER_SEC);
      g_autofree char *start_text = start ? g_date_time_format (start, "%Y-%m-%dT%H:%M:%SZ") : NULL;
      g_autofree char *end_text = end ? g_date_time_format (end, "%Y-%m-%dT%H:%M:%SZ") : NULL;
      if (start_text && end_text)
        {
          rf_json_member_string (j, "startTimeUtc", start_text);
          rf_json_member_string (j, "endTimeUtc", end_text);
        }
    }
  rf_json_end_object (j);
  rf_json_end_array (j);

  rf_json_key (j, "automationDetails");
  rf_json_begin_object (j);
  g_autofree char *id = g_strdup_printf ("racefree/%s/", command);
  rf_json_member_string (j, "id", id);
  rf_json_end_object (j);

  rf_json_key (j, "originalUriBaseIds");
  rf_json_begin_object (j);
  rf_json_key (j, "%SRCROOT%");
  rf_json_begin_object (j);
  g_autofree char *root_uri = g_filename_to_uri (artifacts->root, NULL, NULL);
  rf_json_member_string (j, "uri", root_uri);
  write_text_object (j, "description", "The directory relative file names start from (--source-root)");
  rf_json_end_object (j);
  rf_json_end_object (j);

  rf_json_key (j, "columnKind");
  rf_json_string (j, "unicodeCodePoints");

  rf_json_key (j, "artifacts");
  rf_json_begin_array (j);
  const char *const *inputs = rf_check_result_get_inputs (artifacts->res);
  for (guint i = 0; i < artifacts->files->len; i++)
    {
      const char *file = g_ptr_array_index (artifacts->files, i);
      rf_json_begin_object (j);
      rf_json_key (j, "location");
      rf_json_begin_object (j);
      write_uri_members (j, artifacts, file);
      rf_json_end_object (j);
      gsize len = 0;
      if (rf_check_result_lookup_source (artifacts->res, file, &len, NULL))
        rf_json_member_uint (j, "length", len);
      if (source_language (file))
        rf_json_member_string (j, "sourceLanguage", source_language (file));
      if (g_strv_contains (inputs, file))
        {
          rf_json_key (j, "roles");
          rf_json_begin_array_inline (j);
          rf_json_string (j, "analysisTarget");
          rf_json_end_array (j);
        }
      rf_json_end_object (j);
    }
  rf_json_end_array (j);

  rf_json_key (j, "results");
  rf_json_begin_array (j);
}

static void
log_end (RfJson *j)
{
  rf_json_end_array (j);
  rf_json_end_object (j);
  rf_json_end_array (j);
  rf_json_end_object (j);
  rf_json_finish (j);
}

static void
report_sarif_check (const RfCheckResult *res, const RfReportOptions *opts, GString *out)
{
  GPtrArray *verdicts = rf_check_result_get_verdicts (res);
  static const Rule rules[] = {
    { RULE_RACE, "DataRace", "Two threads can access a shared variable at once, at least one of them writing",
      "Two threads can access the same shared variable at the same time, at least one of them writing, with no "
      "lock held by both and no ordering (creation, join, condition) between them. racefree shows an interleaving "
      "of the program's threads, for some number of threads, that ends with both accesses under way.",
      "Protect every access to the variable with one common mutex (or a read-write lock, writers exclusive), "
      "or order the accesses (write before pthread_create, read after pthread_join), or make the variable "
      "atomic. If the race is intended, accept it with a comment `// racefree: allow race on NAME: REASON`.",
      "error" },
    { RULE_UNKNOWN, "Undecided", "The search budget ran out before race-freeness (or deadlock-freeness) was decided",
      "racefree could neither prove the question (race-freeness of a variable, deadlock-freeness of a lock-order "
      "cycle, absence of a lock misuse) nor find an interleaving that shows it before its search budget ran out.",
      "Give the search more room (--timeout, --total-timeout, --max-markings, --max-memory), or check a smaller "
      "part of the program (a module with --entry).",
      "warning" },
    { RULE_DEADLOCK, "Deadlock", "Threads can each hold a mutex and wait for the next one's, for ever, or a "
      "thread can wait for a wake-up that no thread can send any more",
      "A cycle of the lock-order graph can be closed by running threads: each thread of the cycle holds one mutex "
      "and waits for the mutex the next thread holds, so none can go on. racefree shows the interleaving that "
      "ends in that state, with the lock each thread holds and the one it waits for. Or a thread waits on a "
      "condition variable or semaphore when no thread left can signal or post it (a lost wake-up: the signal "
      "came while nobody waited); racefree shows the interleaving.",
      "Take the mutexes in one global order everywhere, or take a gate mutex around the nested locking, or "
      "release the first mutex before taking the second. Wait for a condition in a loop on a predicate that the "
      "signalling thread sets under the mutex.",
      "error" },
    { RULE_MISUSE, "LockMisuse", "A thread can lock a normal mutex it holds already (and wait for itself for ever), "
      "unlock a mutex it does not hold, or end holding a mutex",
      "A thread can misuse a mutex: lock a normal (non-recursive) mutex it already holds, which waits for ever; "
      "unlock a mutex it does not hold, which is undefined behaviour; end (return or pthread_exit) while holding "
      "a mutex, which no other thread can then take; wait on one condition variable with two different "
      "mutexes at once; or call something that may block (lock a mutex, wait, join, sleep) while holding a "
      "spinlock, which makes every thread spinning on it burn its time.",
      "Pair every lock with one unlock on every path (error paths and early returns included); use a recursive "
      "mutex only where relocking is intended; use one mutex per condition variable; release a spinlock before "
      "anything that may block.",
      "error" },
  };
  Artifacts artifacts;
  artifacts_init (&artifacts, res, opts);
  collect_artifacts (res, &artifacts);
  GPtrArray *deadlocks = rf_check_result_get_deadlocks (res);
  RfJson j;
  rf_json_init (&j, out);
  log_begin (&j, rules, G_N_ELEMENTS (rules), &artifacts, opts, "check");
  for (guint i = 0; i < verdicts->len; i++)
    {
      const RfRaceVerdict *rv = g_ptr_array_index (verdicts, i);
      if (rv->result->verdict == RF_COVER_UNSAFE && rv->interleaving)
        write_race_result (&j, res, rv, &artifacts);
      else if (rv->result->verdict == RF_COVER_UNKNOWN)
        write_unknown_result (&j, res, rv, &artifacts);
    }
  for (guint i = 0; i < deadlocks->len; i++)
    {
      const RfDeadlockVerdict *dv = g_ptr_array_index (deadlocks, i);
      if (dv->status == RF_DEADLOCK_FOUND)
        write_deadlock_result (&j, res, dv, &artifacts);
      else if (dv->status == RF_DEADLOCK_UNKNOWN)
        {
          const RfDeadlockKindInfo *info = rf_deadlock_kind_info (dv->kind);
          g_autofree char *text = g_strdup_printf ("Could not decide whether a %s can happen (%s %s): %s",
                                                   info->what, info->question, dv->name, dv->why);
          write_unknown (&j, text, dv->loc, rf_check_result_deadlock_fingerprint (res, dv), &artifacts);
        }
    }
  guint n_cycles_left = rf_check_result_get_deadlock_unchecked (res);
  if (n_cycles_left > 0)
    {
      g_autofree char *text = g_strdup_printf ("lock-order cycles past the first %u were not checked",
                                               RF_DEADLOCK_MAX_CYCLES);
      write_unknown (&j, text, RF_LOC_NONE, NULL, &artifacts);
    }
  log_end (&j);
  artifacts_clear (&artifacts);
}

/* The witness of a coverability check as one codeFlow with one threadFlow ("run"): a
 * location per step at the rule that fired. */
static void
write_cover_flow (RfJson *j, const RfNet *net, const RfWitness *w, Artifacts *artifacts)
{
  rf_json_key (j, "codeFlows");
  rf_json_begin_array (j);
  rf_json_begin_object (j);
  g_autofree char *summary = g_strdup_printf ("firing sequence of %u steps from the initial marking", w->steps->len);
  write_message (j, summary);
  rf_json_key (j, "threadFlows");
  rf_json_begin_array (j);
  rf_json_begin_object (j);
  rf_json_member_string (j, "id", "run");
  rf_json_key (j, "locations");
  rf_json_begin_array (j);
  for (guint i = 0; i < w->steps->len; i++)
    {
      const RfTransition *t = rf_net_get_transition (net, g_array_index (w->steps, guint, i));
      rf_json_begin_object (j);
      rf_json_key (j, "location");
      write_location (j, artifacts, t->loc, t->label);
      rf_json_member_uint (j, "executionOrder", i + 1);
      rf_json_member_string (j, "importance", i + 1 == w->steps->len ? "essential" : "important");
      rf_json_end_object (j);
    }
  rf_json_end_array (j);
  rf_json_end_object (j);
  rf_json_end_array (j);
  rf_json_end_object (j);
  rf_json_end_array (j);
}

static void
report_sarif_cover (const RfCheckResult *res, const RfReportOptions *opts, GString *out)
{
  const RfNet *net = rf_check_result_get_net (res);
  const RfCoverResult *r = rf_check_result_get_cover (res);
  static const Rule rules[] = {
    { RULE_COVERABLE, "Coverable", "A marking covering a target is reachable from the initial marking",
      "A firing sequence from the net's initial marking reaches a marking that covers one of the targets (has at "
      "least as many tokens in every place). racefree shows the sequence, one step per rule fired.",
      "If the target stands for an error state, the net can reach it: follow the firing sequence to see how.",
      "error" },
    { RULE_UNKNOWN, "Undecided", "The search budget ran out before coverability was decided",
      "racefree could neither prove the targets uncoverable nor find a firing sequence that covers one before its "
      "search budget ran out.",
      "Give the search more room (--timeout, --max-markings, --max-memory).",
      "warning" },
  };
  const char *input = rf_check_result_get_inputs (res)[0];
  Artifacts art;
  artifacts_init (&art, res, opts);
  Artifacts *artifacts = &art;
  for (const char *const *f = rf_check_result_get_inputs (res); *f; f++)
    artifact_index (artifacts, *f);
  const RfWitness *w = r->verdict == RF_COVER_UNSAFE ? r->witness : NULL;
  for (guint i = 0; w && i < w->steps->len; i++)
    {
      RfLoc loc = rf_net_get_transition (net, g_array_index (w->steps, guint, i))->loc;
      if (loc.file)
        artifact_index (artifacts, loc.file);
    }
  RfJson j;
  rf_json_init (&j, out);
  log_begin (&j, rules, G_N_ELEMENTS (rules), artifacts, opts, "cover");
  RfLoc file = { input, 0, 0 };
  if (w)
    {
      /* where the run ends: the last step's rule (the input file when it has none) */
      RfLoc at = w->steps->len > 0 ? rf_net_get_transition (net, g_array_index (w->steps, guint, w->steps->len - 1))->loc
                                   : RF_LOC_NONE;
      g_autofree char *text = g_strdup_printf ("The target is coverable: a firing sequence of %u steps from the "
                                               "initial marking reaches a marking that covers target %u",
                                               w->steps->len, w->target + 1);
      rf_json_begin_object (&j);
      rf_json_member_string (&j, "ruleId", RULE_COVERABLE);
      rf_json_member_uint (&j, "ruleIndex", 0);
      rf_json_member_string (&j, "level", "error");
      write_message (&j, text);
      rf_json_key (&j, "locations");
      rf_json_begin_array (&j);
      if (at.file || input)
        write_location (&j, artifacts, at.file ? at : file, NULL);
      rf_json_end_array (&j);
      write_cover_flow (&j, net, w, artifacts);
      rf_json_end_object (&j);
    }
  else if (r->verdict == RF_COVER_UNKNOWN)
    {
      rf_json_begin_object (&j);
      rf_json_member_string (&j, "ruleId", RULE_UNKNOWN);
      rf_json_member_uint (&j, "ruleIndex", 1);
      rf_json_member_string (&j, "level", "warning");
      write_message (&j, "Could not decide whether the target is coverable: the search budget was exhausted");
      rf_json_key (&j, "locations");
      rf_json_begin_array (&j);
      if (input)
        write_location (&j, artifacts, file, NULL);
      rf_json_end_array (&j);
      rf_json_end_object (&j);
    }
  log_end (&j);
  artifacts_clear (&art);
}

const RfReportFormat rf_report_format_sarif = {
  "sarif", NULL, report_sarif_check, report_sarif_cover, NULL,
};
