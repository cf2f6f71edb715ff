/* rf-driver: the front-end registry and the runs of the pipeline (see rf-driver.h).
 *
 * Each front end is a const table entry with its extensions and a load function that
 * calls the front end's own reader. A .i file is C that was preprocessed already; the
 * C front end always runs the preprocessor, and `gcc -E` (its default) passes a .i
 * file over and prints nothing, which would check an empty program. So when any input
 * is a .i file, the preprocessor is `cpp`, which reads any file as C: preprocessing
 * the text again keeps its line markers (locations stay those of the original files)
 * and has nothing left to expand but macros the preprocessor predefines. */
#include "rf-driver.h"

#include "rf-netbuild.h"
#include "rf-sml.h"
#include "rf-spec.h"
#include "rf-tts.h"

G_DEFINE_QUARK (rf-driver-error-quark, rf_driver_error)

static gboolean
load_sml (RfCheckResult *res, const char *const *files, const RfDriverOptions *opts, GError **error)
{
  RfProgram *prog = rf_sml_parse_file (files[0], rf_check_result_get_diags (res), error);
  if (!prog)
    return FALSE;
  rf_check_result_take_program (res, prog);
  return TRUE;
}

static gboolean
load_c (RfCheckResult *res, const char *const *files, const RfDriverOptions *opts, GError **error)
{
  RfDiags *diags = rf_check_result_get_diags (res);
  RfCOptions copts = opts ? opts->c : (RfCOptions) { 0 };
  copts.program = NULL;
  for (guint i = 0; files[i]; i++)
    if (g_str_has_suffix (files[i], ".i"))
      copts.program = "cpp";   /* see the comment at the top */
  g_autoptr (RfCUnit) unit = rf_c_parse_files (files, &copts, diags, error);
  if (!unit)
    return FALSE;
  RfProgram *prog = rf_c_lower (unit, opts ? &opts->lower : NULL, diags, error);
  if (!prog)
    return FALSE;
  rf_check_result_take_program (res, prog);
  return TRUE;
}

/* Takes the net and targets of a net reader into RES when OK. */
static gboolean
take_net (RfCheckResult *res, gboolean ok, RfNet *net, GPtrArray *targets)
{
  if (!ok)
    return FALSE;
  rf_check_result_take_net (res, net);
  rf_check_result_take_targets (res, targets);
  return TRUE;
}

static gboolean
load_spec (RfCheckResult *res, const char *const *files, const RfDriverOptions *opts, GError **error)
{
  RfNet *net = NULL;
  GPtrArray *targets = NULL;
  gboolean ok = rf_spec_parse_file (files[0], rf_check_result_get_diags (res), &net, &targets, error);
  return take_net (res, ok, net, targets);
}

static gboolean
load_tts (RfCheckResult *res, const char *const *files, const RfDriverOptions *opts, GError **error)
{
  RfNet *net = NULL;
  GPtrArray *targets = NULL;
  gboolean ok = rf_tts_parse_files (files[0], opts ? opts->prop : NULL, rf_check_result_get_diags (res),
                                    &net, &targets, error);
  return take_net (res, ok, net, targets);
}

static const char *const sml_extensions[] = { ".sml", NULL };
static const char *const c_extensions[] = { ".c", ".i", NULL };
static const char *const spec_extensions[] = { ".spec", NULL };
static const char *const tts_extensions[] = { ".tts", NULL };

static const RfFrontEnd front_end_sml = { "sml", sml_extensions, RF_DRIVER_PROGRAM, FALSE, load_sml };
static const RfFrontEnd front_end_c = { "c", c_extensions, RF_DRIVER_PROGRAM, TRUE, load_c };
static const RfFrontEnd front_end_spec = { "spec", spec_extensions, RF_DRIVER_NET, FALSE, load_spec };
static const RfFrontEnd front_end_tts = { "tts", tts_extensions, RF_DRIVER_NET, FALSE, load_tts };

static const RfFrontEnd *const front_ends[] = {
  &front_end_sml, &front_end_c, &front_end_spec, &front_end_tts, NULL,
};

const RfFrontEnd *const *
rf_driver_front_ends (void)
{
  return front_ends;
}

static gboolean
reads (const RfFrontEnd *fe, const char *file)
{
  for (guint i = 0; fe->extensions[i]; i++)
    if (g_str_has_suffix (file, fe->extensions[i]))
      return TRUE;
  return FALSE;
}

const RfFrontEnd *
rf_driver_front_end_for (const char *file, RfDriverProduct product)
{
  g_return_val_if_fail (file != NULL, NULL);
  for (guint i = 0; front_ends[i]; i++)
    if (front_ends[i]->produces == product && reads (front_ends[i], file))
      return front_ends[i];
  return NULL;
}

/* What the message on an unsupported input says is expected: the single-file inputs
 * of each kind, as the command line has always said. */
static const char *
expected (RfDriverProduct product)
{
  return product == RF_DRIVER_PROGRAM ? "a .sml model file" : "a .spec or .tts net";
}

const RfFrontEnd *
rf_driver_choose (const char *const *files, RfDriverProduct product, GError **error)
{
  guint n = files ? g_strv_length ((char **) files) : 0;
  if (n == 0)
    {
      g_set_error (error, RF_DRIVER_ERROR, RF_DRIVER_ERROR_NO_INPUT, "missing input file");
      return NULL;
    }
  const RfFrontEnd *fe = rf_driver_front_end_for (files[0], product);
  gboolean all = fe != NULL;
  for (guint i = 1; all && i < n; i++)
    all = reads (fe, files[i]);
  if (fe && n > 1 && fe->several && all)
    return fe;
  if (n > 1)
    {
      g_set_error (error, RF_DRIVER_ERROR, RF_DRIVER_ERROR_TOO_MANY, "too many input files");
      return NULL;
    }
  if (!fe)
    g_set_error (error, RF_DRIVER_ERROR, RF_DRIVER_ERROR_UNSUPPORTED, "%s: unsupported input (expected %s)",
                 files[0], expected (product));
  return fe;
}

gboolean
rf_driver_load (RfCheckResult *res, RfDriverProduct product, const RfDriverOptions *opts, GError **error)
{
  const char *const *files = rf_check_result_get_inputs (res);
  const RfFrontEnd *fe = rf_driver_choose (files, product, error);
  return fe && fe->load (res, files, opts, error);
}

void
rf_driver_build_net (RfCheckResult *res)
{
  g_return_if_fail (rf_check_result_get_program (res) != NULL);
  if (!rf_check_result_get_net (res))
    rf_check_result_take_net (res, rf_netbuild (rf_check_result_get_program (res)));
}

/* The share of a location's CPU budget a value variable's guard gets (a tuning
 * constant): a flag that really orders threads is usually proved quickly, and one that
 * is not is forgotten, which is sound; a large program's many init-once flags then cost
 * little before the real search. */
#define GUARD_BUDGET_SHARE 0.25

/* The quick proofs of RES (rf_check_result_get_quick: built on first use, at the cost of
 * a few passes over the net), or NULL once BUDGET is cancelled: after Ctrl-C nothing is
 * decided, so they are not built. */
static const RfRaceQuick *
quick_unless_cancelled (RfCheckResult *res, const RfCoverBudget *budget)
{
  return rf_cover_budget_cancelled (budget) ? NULL : rf_check_result_get_quick (res);
}

/* Value variables (RF_VAR_VALUE) follow a variable's value exactly, as a sequentially
 * consistent run would; C11 promises that only while the variable's own accesses do
 * not race. So first each value variable's guard (its data variable) is decided; one
 * whose guard is not proved race-free is forgotten (its moves become skips: every
 * branch on it goes both ways), and the guards left are decided again on the coarser
 * model, until every value variable left has a race-free guard. The verdicts of the
 * last round are kept (CACHE: var id -> RfRaceVerdict*, owned). */
static void
settle_values (RfCheckResult *res, const RfCoverBudget *budget, GHashTable *cache)
{
  RfCoverBudget guard_budget = { 0 };
  if (budget)
    {
      guard_budget = *budget;
      guard_budget.timeout_s = budget->timeout_s * GUARD_BUDGET_SHARE;
    }
  for (gboolean again = TRUE; again;)
    {
      again = FALSE;
      g_hash_table_remove_all (cache);
      rf_driver_build_net (res);
      const RfProgram *prog = rf_check_result_get_program (res);
      g_autoptr (GArray) racy = g_array_new (FALSE, FALSE, sizeof (guint));
      for (guint v = 0; v < rf_program_n_vars (prog); v++)
        {
          const RfVar *var = rf_program_get_var (prog, v);
          if (var->kind != RF_VAR_VALUE || var->guard < 0 || var->forgotten)
            continue;
          RfRaceVerdict *rv = g_hash_table_lookup (cache, GINT_TO_POINTER (var->guard));
          if (!rv)
            {
              rv = rf_race_check_var (prog, rf_check_result_get_net (res), quick_unless_cancelled (res, budget),
                                      (guint) var->guard,
                                      budget ? &guard_budget : NULL, rf_check_result_get_focus (res));
              g_hash_table_insert (cache, GINT_TO_POINTER (var->guard), rv);
            }
          if (rv->result->verdict != RF_COVER_SAFE)
            g_array_append_val (racy, v);
        }
      for (guint i = 0; i < racy->len; i++)
        rf_check_result_forget_value (res, g_array_index (racy, guint, i));
      again = racy->len > 0;
    }
}

gboolean
rf_driver_check_races (RfCheckResult *res, const RfCoverBudget *budget, RfDriverVerdictFunc func, gpointer data)
{
  g_autoptr (GHashTable) cache = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) rf_race_verdict_free);
  settle_values (res, budget, cache);
  const RfProgram *prog = rf_check_result_get_program (res);
  const RfNet *net = rf_check_result_get_net (res);
  for (guint v = 0; v < rf_program_n_vars (prog); v++)
    {
      if (rf_program_get_var (prog, v)->kind != RF_VAR_DATA)
        continue;
      RfRaceVerdict *rv = NULL;
      if (!g_hash_table_steal_extended (cache, GINT_TO_POINTER (v), NULL, (gpointer *) &rv))
        rv = rf_race_check_var (prog, net, quick_unless_cancelled (res, budget), v, budget,
                                rf_check_result_get_focus (res));
      /* every racing pair, not only the witness's */
      rf_race_find_pairs (prog, net, quick_unless_cancelled (res, budget), rv, budget, rf_check_result_get_focus (res));
      rf_check_result_add_verdict (res, rv);
      if (func && !func (res, rv, data))
        return FALSE;
    }
  return TRUE;
}

gboolean
rf_driver_check_deadlocks (RfCheckResult *res, const RfCoverBudget *budget, RfDriverDeadlockFunc func,
                           gpointer data)
{
  RfChecks checks = rf_check_result_get_checks (res);
  if (!(checks & RF_CHECK_RACES))
    {
      /* the value variables stand only once their guards are race-free */
      g_autoptr (GHashTable) cache = g_hash_table_new_full (NULL, NULL, NULL,
                                                            (GDestroyNotify) rf_race_verdict_free);
      settle_values (res, budget, cache);
    }
  else
    rf_driver_build_net (res);
  const RfProgram *prog = rf_check_result_get_program (res);
  const RfNet *net = rf_check_result_get_net (res);
  guint unchecked = 0;
  g_autoptr (GPtrArray) queries = rf_deadlock_queries (prog, net, (checks & RF_CHECK_DEADLOCKS) != 0,
                                                       (checks & RF_CHECK_MISUSE) != 0, &unchecked);
  rf_check_result_set_deadlock_unchecked (res, unchecked);
  guint searched = 0;
  for (guint i = 0; i < queries->len; i++)
    {
      RfDeadlockVerdict *dv = rf_deadlock_check (prog, net, g_ptr_array_index (queries, i), budget);
      if (rf_deadlock_kind_info (dv->kind)->shown_only)
        {
          rf_check_result_set_wakeups_searched (res, ++searched);
          if (dv->status != RF_DEADLOCK_FOUND)
            {
              /* nothing is said of a question not shown (no proof is attempted) */
              rf_deadlock_verdict_free (dv);
              continue;
            }
        }
      rf_check_result_add_deadlock (res, dv);
      if (func && !func (res, dv, data))
        return FALSE;
    }
  return TRUE;
}

/* Records the source of FILE in RES unless it has one already (or FILE is NULL). Only
 * a regular file is read: a C line marker may name /dev/zero or a FIFO. */
static void
read_source (RfCheckResult *res, const char *file)
{
  const char *why = NULL;
  if (!file || rf_check_result_lookup_source (res, file, NULL, &why) || why)
    return;   /* read by a front end, or tried before */
  if (g_file_test (file, G_FILE_TEST_EXISTS) && !g_file_test (file, G_FILE_TEST_IS_REGULAR))
    {
      g_autofree char *not_regular = g_strdup_printf ("cannot read '%s': not a regular file", file);
      rf_check_result_add_source (res, file, NULL, 0, not_regular);
      return;
    }
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) text = rf_input_read_file (file, NULL, &error);
  rf_check_result_add_source (res, file, text ? text->str : NULL, text ? text->len : 0,
                              text ? NULL : error->message);
}

/* Adds FILE (may be NULL) to FILES unless SEEN has it. */
static void
add_file (GPtrArray *files, GHashTable *seen, const char *file)
{
  if (file && g_hash_table_add (seen, (gpointer) g_intern_string (file)))
    g_ptr_array_add (files, (gpointer) g_intern_string (file));
}

GPtrArray *
rf_driver_source_files (const RfCheckResult *res)
{
  GPtrArray *files = g_ptr_array_new ();
  g_autoptr (GHashTable) seen = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (const char *const *f = rf_check_result_get_inputs (res); *f; f++)
    add_file (files, seen, *f);
  const RfProgram *prog = rf_check_result_get_program (res);
  for (guint v = 0; prog && v < rf_program_n_vars (prog); v++)
    add_file (files, seen, rf_program_get_var (prog, v)->loc.file);
  for (guint j = 0; prog && j < rf_program_n_jobs (prog); j++)
    {
      const RfJob *job = rf_program_get_job (prog, j);
      add_file (files, seen, job->loc.file);
      for (guint n = 0; n < job->nodes->len; n++)
        add_file (files, seen, g_array_index (job->nodes, RfLoc, n).file);
      for (guint e = 0; e < job->edges->len; e++)
        add_file (files, seen, g_array_index (job->edges, RfEdge, e).loc.file);
    }
  const RfNet *net = rf_check_result_get_net (res);
  for (guint p = 0; net && p < rf_net_n_places (net); p++)
    add_file (files, seen, rf_net_get_place (net, p)->loc.file);
  for (guint t = 0; net && t < rf_net_n_transitions (net); t++)
    add_file (files, seen, rf_net_get_transition (net, t)->loc.file);
  return files;
}

void
rf_driver_read_sources (RfCheckResult *res)
{
  g_autoptr (GPtrArray) files = rf_driver_source_files (res);
  for (guint i = 0; i < files->len; i++)
    read_source (res, g_ptr_array_index (files, i));
}

void
rf_driver_check_cover (RfCheckResult *res, const RfCoverBudget *budget)
{
  const RfNet *net = rf_check_result_get_net (res);
  GPtrArray *targets = rf_check_result_get_targets (res);
  g_return_if_fail (net != NULL && targets != NULL);
  rf_check_result_take_cover (res, rf_cover_run (net, targets, budget));
}
