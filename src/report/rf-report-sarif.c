/* rf-report-sarif: the report of a race check as SARIF 2.1.0, for code-scanning UIs.
 *
 * One run; one result per race (rule racefree/data-race, level error) whose locations
 * are the two racing access sites, the one the report leads with (a write) first, and
 * whose single codeFlow holds the witness as one threadFlow per thread (id "T2", steps
 * in firing order, executionOrder = the step's number in the whole interleaving, the
 * racing accesses marked essential). An unknown verdict gives one result of rule
 * racefree/unknown (level warning) at the variable's declaration. A deadlock shown gives
 * one result of rule racefree/deadlock (a lock-order cycle) or racefree/lock-misuse (a
 * relock, an unlock of a mutex not held, a thread ending with one held), level error, at each thread's waiting lock, with the witness as for a race
 * (the threads' locks of what they hold essential); an unknown deadlock verdict one
 * racefree/unknown result at its first blocking lock. Artifacts list the
 * input files, then any other file a location names, in order of first use; URIs are
 * the paths as given (relative paths stay relative).
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

/* Artifacts: file names (borrowed) in order of first use. */
static guint
artifact_index (GPtrArray *artifacts, const char *file)
{
  for (guint i = 0; i < artifacts->len; i++)
    if (strcmp (g_ptr_array_index (artifacts, i), file) == 0)
      return i;
  g_ptr_array_add (artifacts, (gpointer) file);
  return artifacts->len - 1;
}

/* The files of IL's steps (IL may be NULL). */
static void
collect_steps (const RfNet *net, const RfInterleaving *il, GPtrArray *artifacts)
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
collect_artifacts (const RfCheckResult *res, GPtrArray *artifacts)
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

/* A file name as a URI reference: an absolute path as a file: URI, a relative one
 * percent-encoded but left relative. Owned. */
static char *
file_uri (const char *file)
{
  if (g_path_is_absolute (file))
    {
      char *uri = g_filename_to_uri (file, NULL, NULL);
      if (uri)
        return uri;
    }
  return g_uri_escape_string (file, G_URI_RESERVED_CHARS_ALLOWED_IN_PATH, FALSE);
}

static void
write_message (RfJson *j, const char *text)
{
  rf_json_key (j, "message");
  rf_json_begin_object (j);
  rf_json_member_string (j, "text", text);
  rf_json_end_object (j);
}

/* A location object: physicalLocation when LOC is known, and MESSAGE if non-NULL. */
static void
write_location (RfJson *j, GPtrArray *artifacts, RfLoc loc, const char *message)
{
  rf_json_begin_object (j);
  if (loc.file)
    {
      g_autofree char *uri = file_uri (loc.file);
      rf_json_key (j, "physicalLocation");
      rf_json_begin_object (j);
      rf_json_key (j, "artifactLocation");
      rf_json_begin_object (j);
      rf_json_member_string (j, "uri", uri);
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
        }
      rf_json_end_object (j);
    }
  if (message)
    write_message (j, message);
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

static void
write_rule (RfJson *j, const char *id, const char *name, const char *text, const char *level)
{
  rf_json_begin_object (j);
  rf_json_member_string (j, "id", id);
  rf_json_member_string (j, "name", name);
  rf_json_key (j, "shortDescription");
  rf_json_begin_object (j);
  rf_json_member_string (j, "text", text);
  rf_json_end_object (j);
  rf_json_key (j, "defaultConfiguration");
  rf_json_begin_object (j);
  rf_json_member_string (j, "level", level);
  rf_json_end_object (j);
  rf_json_end_object (j);
}

/* Interleaving IL as one codeFlow (message SUMMARY) with one threadFlow per thread, in
 * thread id order; the steps ESSENTIAL[0 .. N_ESSENTIAL) (1-based) marked essential. */
static void
write_code_flow (RfJson *j, const RfNet *net, const RfInterleaving *il, const char *summary, const guint *essential,
                 guint n_essential, GPtrArray *artifacts)
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
      g_autofree char *title = g_strdup_printf ("T%u (%s)", t, rf_report_job_name (net, job));
      rf_json_begin_object (j);
      rf_json_member_string (j, "id", id);
      write_message (j, title);
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
          rf_json_key (j, "location");
          write_location (j, artifacts, tr->loc, tr->label);
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
write_race_result (RfJson *j, const RfNet *net, const RfRaceVerdict *rv, GPtrArray *artifacts)
{
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
      write_location (j, artifacts, s->loc, what);
    }
  rf_json_end_array (j);
  g_autofree char *summary = g_strdup_printf ("interleaving of %u steps leading to the race on '%s'",
                                              rv->interleaving->steps->len, rv->name);
  g_autofree guint *essential = g_new (guint, MAX (sites->len, 1));
  for (guint k = 0; k < sites->len; k++)
    essential[k] = g_array_index (sites, RfRaceSite, k).step;
  write_code_flow (j, net, rv->interleaving, summary, essential, sites->len, artifacts);
  rf_json_end_object (j);
}

/* A deadlock or a misuse shown: rule racefree/deadlock (a lock-order cycle) or
 * racefree/lock-misuse (the others), level error; one location per thread (where it
 * waits, unlocks or ends), the first thread's first; the witness as a codeFlow whose
 * essential steps are the threads' locks of the mutexes they hold. */
static void
write_deadlock_result (RfJson *j, const RfProgram *prog, const RfNet *net, const RfDeadlockVerdict *dv,
                       GPtrArray *artifacts)
{
  gboolean cycle = dv->kind == RF_DEADLOCK_CYCLE;
  const RfDeadlockKindInfo *info = rf_deadlock_kind_info (dv->kind);
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
      write_location (j, artifacts, th->wait_loc, what->str);
    }
  rf_json_end_array (j);
  g_autofree char *summary = g_strdup_printf ("interleaving of %u steps leading to the %s (%s %s)",
                                              dv->interleaving->steps->len, info->what, info->question, dv->name);
  write_code_flow (j, net, dv->interleaving, summary, essential, n_essential, artifacts);
  rf_json_end_object (j);
}

/* An unknown verdict: rule racefree/unknown, level warning, with TEXT at LOC. */
static void
write_unknown (RfJson *j, const char *text, RfLoc loc, GPtrArray *artifacts)
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
  rf_json_end_object (j);
}

static void
write_unknown_result (RfJson *j, const RfProgram *prog, const RfRaceVerdict *rv, GPtrArray *artifacts)
{
  g_autofree char *text = g_strdup_printf ("Could not decide whether '%s' can race: "
                                           "the search budget was exhausted", rv->name);
  write_unknown (j, text, prog ? rf_program_get_var (prog, rv->var)->loc : RF_LOC_NONE, artifacts);
}

/* A rule of the run: id, name, description, default level. */
typedef struct {
  const char *id, *name, *text, *level;
} Rule;

/* Opens the log and its one run: the tool with RULES, the column kind and ARTIFACTS,
 * up to the "results" array, which the caller fills and log_end closes. */
static void
log_begin (RfJson *j, const Rule *rules, guint n_rules, GPtrArray *artifacts)
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
  rf_json_key (j, "rules");
  rf_json_begin_array (j);
  for (guint i = 0; i < n_rules; i++)
    write_rule (j, rules[i].id, rules[i].name, rules[i].text, rules[i].level);
  rf_json_end_array (j);
  rf_json_end_object (j);
  rf_json_end_object (j);

  rf_json_key (j, "columnKind");
  rf_json_string (j, "unicodeCodePoints");

  rf_json_key (j, "artifacts");
  rf_json_begin_array (j);
  for (guint i = 0; i < artifacts->len; i++)
    {
      g_autofree char *uri = file_uri (g_ptr_array_index (artifacts, i));
      rf_json_begin_object (j);
      rf_json_key (j, "location");
      rf_json_begin_object (j);
      rf_json_member_string (j, "uri", uri);
      rf_json_end_object (j);
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
  const RfProgram *prog = rf_check_result_get_program (res);
  const RfNet *net = rf_check_result_get_net (res);
  GPtrArray *verdicts = rf_check_result_get_verdicts (res);
  static const Rule rules[] = {
    { RULE_RACE, "DataRace", "Two threads can access a shared variable at once, at least one of them writing", "error" },
    { RULE_UNKNOWN, "Undecided", "The search budget ran out before race-freeness (or deadlock-freeness) was decided",
      "warning" },
    { RULE_DEADLOCK, "Deadlock", "Threads can each hold a mutex and wait for the next one's, for ever", "error" },
    { RULE_MISUSE, "LockMisuse", "A thread can lock a normal mutex it holds already (and wait for itself for ever), "
      "unlock a mutex it does not hold, or end holding a mutex", "error" },
  };
  g_autoptr (GPtrArray) artifacts = g_ptr_array_new ();
  collect_artifacts (res, artifacts);
  GPtrArray *deadlocks = rf_check_result_get_deadlocks (res);
  RfJson j;
  rf_json_init (&j, out);
  log_begin (&j, rules, G_N_ELEMENTS (rules), artifacts);
  for (guint i = 0; i < verdicts->len; i++)
    {
      const RfRaceVerdict *rv = g_ptr_array_index (verdicts, i);
      if (rv->result->verdict == RF_COVER_UNSAFE && rv->interleaving)
        write_race_result (&j, net, rv, artifacts);
      else if (rv->result->verdict == RF_COVER_UNKNOWN)
        write_unknown_result (&j, prog, rv, artifacts);
    }
  for (guint i = 0; i < deadlocks->len; i++)
    {
      const RfDeadlockVerdict *dv = g_ptr_array_index (deadlocks, i);
      if (dv->status == RF_DEADLOCK_FOUND)
        write_deadlock_result (&j, prog, net, dv, artifacts);
      else if (dv->status == RF_DEADLOCK_UNKNOWN)
        {
          const RfDeadlockKindInfo *info = rf_deadlock_kind_info (dv->kind);
          g_autofree char *text = g_strdup_printf ("Could not decide whether a %s can happen (%s %s): %s",
                                                   info->what, info->question, dv->name, dv->why);
          write_unknown (&j, text, dv->loc, artifacts);
        }
    }
  guint n_cycles_left = rf_check_result_get_deadlock_unchecked (res);
  if (n_cycles_left > 0)
    {
      g_autofree char *text = g_strdup_printf ("lock-order cycles past the first %u were not checked",
                                               RF_DEADLOCK_MAX_CYCLES);
      write_unknown (&j, text, RF_LOC_NONE, artifacts);
    }
  log_end (&j);
}

/* The witness of a coverability check as one codeFlow with one threadFlow ("run"): a
 * location per step at the rule that fired. */
static void
write_cover_flow (RfJson *j, const RfNet *net, const RfWitness *w, GPtrArray *artifacts)
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
    { RULE_COVERABLE, "Coverable", "A marking covering a target is reachable from the initial marking", "error" },
    { RULE_UNKNOWN, "Undecided", "The search budget ran out before coverability was decided", "warning" },
  };
  const char *input = rf_check_result_get_inputs (res)[0];
  g_autoptr (GPtrArray) artifacts = g_ptr_array_new ();
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
  log_begin (&j, rules, G_N_ELEMENTS (rules), artifacts);
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
}

const RfReportFormat rf_report_format_sarif = {
  "sarif", NULL, report_sarif_check, report_sarif_cover, NULL,
};
