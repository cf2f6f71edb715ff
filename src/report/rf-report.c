/* rf-report: the text report of a race check and of a coverability check, GCC-style race
 * diagnostics, and the table of report formats. */
#include "rf-report.h"
#include "rf-report-private.h"

#include <string.h>

void
rf_report_append_loc (GString *out, RfLoc loc)
{
  if (loc.file && loc.line > 0)
    g_string_append_printf (out, "%s:%u", loc.file, loc.line);
  else
    g_string_append (out, "?");
}

void
rf_report_append_loc_col (GString *out, RfLoc loc)
{
  rf_report_append_loc (out, loc);
  if (loc.file && loc.line > 0 && loc.col > 0)
    g_string_append_printf (out, ":%u", loc.col);
}

GArray *
rf_report_step_stack (const RfProgram *prog, const RfNet *net, const RfInterleaving *il, guint step,
                      RfLoc loc, gboolean *shared)
{
  gint ctx = -1;
  if (prog && step < il->steps->len)
    ctx = rf_net_get_transition (net, g_array_index (il->steps, RfThreadStep, step).transition)->ctx;
  if (ctx >= (gint) (prog ? rf_program_n_contexts (prog) : 0))
    ctx = -1;  /* a net not built from PROG */
  return rf_program_stack (prog, ctx, loc, shared);
}

const char *
rf_report_step_function (const RfProgram *prog, const RfNet *net, const RfInterleaving *il, guint step)
{
  g_autoptr (GArray) stack = rf_report_step_stack (prog, net, il, step, RF_LOC_NONE, NULL);
  return stack->len ? g_array_index (stack, RfStackFrame, 0).fn : NULL;
}

void
rf_report_append_stack (const GArray *stack, gboolean shared, GString *out)
{
  for (guint i = 0; i < stack->len; i++)
    {
      const RfStackFrame *f = &g_array_index (stack, RfStackFrame, i);
      g_string_append_printf (out, "%s%s", i ? ", called from " : "in ", f->fn);
      if (f->loc.file && f->loc.line > 0)
        {
          g_string_append (out, " at ");
          rf_report_append_loc_col (out, f->loc);
        }
    }
  if (shared)
    g_string_append (out, ", called from several places");
}

const char *
rf_report_job_name (const RfNet *net, gint job)
{
  return job >= 0 ? rf_net_get_job (net, job)->name : "?";
}

void
rf_report_append_held (const RfProgram *prog, const GArray *held, GString *out)
{
  g_string_append (out, held->len ? "holding " : "holding no lock");
  rf_report_append_held_list (prog, held, " and ", out);
}

void
rf_report_append_held_list (const RfProgram *prog, const GArray *held, const char *sep, GString *out)
{
  for (guint i = 0; i < held->len; i++)
    {
      const RfHeld *h = &g_array_index (held, RfHeld, i);
      g_string_append_printf (out, "%s%s%s", i ? sep : "", rf_program_get_var (prog, h->var)->name,
                              h->read ? " (for reading)" : "");
    }
}

/* "T2 (worker) writes counter at f.sml:14:3 holding m" for each thread in the middle
 * of an access to the raced variable at the end of the interleaving, then the notes
 * on them. */
static void
append_race_sites (const RfProgram *prog, const RfNet *net, const RfRaceVerdict *rv, GString *out)
{
  GArray *sites = rv->sites;
  if (sites->len == 0)
    return;
  g_string_append (out, "  race: ");
  for (guint i = 0; i < sites->len; i++)
    {
      const RfRaceSite *site = &g_array_index (sites, RfRaceSite, i);
      g_string_append_printf (out, "%sT%u (%s) %s %s at ", i ? ", while " : "", site->thread,
                              rf_report_job_name (net, site->job), site->write ? "writes" : "reads", rv->name);
      rf_report_append_loc_col (out, site->loc);
      if (prog)
        {
          g_string_append_c (out, ' ');
          rf_report_append_held (prog, site->held, out);
        }
    }
  g_string_append_c (out, '\n');
  for (guint i = 0; i < sites->len; i++)
    {
      const RfRaceSite *site = &g_array_index (sites, RfRaceSite, i);
      gboolean shared = FALSE;
      g_autoptr (GArray) stack = site->step > 0 ? rf_report_step_stack (prog, net, rv->interleaving, site->step - 1,
                                                                         site->loc, &shared) : NULL;
      if (stack && stack->len)
        {
          g_string_append_printf (out, "  T%u ", site->thread);
          rf_report_append_stack (stack, shared, out);
          g_string_append_c (out, '\n');
        }
    }
  for (guint i = 0; i < rv->notes->len; i++)
    g_string_append_printf (out, "  why: %s\n", (const char *) g_ptr_array_index (rv->notes, i));
}

void
rf_report_append_pair (const RfRacePair *p, GString *out)
{
  g_string_append_printf (out, "%s at ", p->a_write ? "write" : "read");
  rf_report_append_loc_col (out, p->a);
  g_string_append_printf (out, " and %s at ", p->b_write ? "write" : "read");
  rf_report_append_loc_col (out, p->b);
}

void
rf_report_count_pairs (const RfRaceVerdict *rv, guint *n_race, guint *n_free, guint *n_unknown)
{
  *n_race = *n_free = *n_unknown = 0;
  for (guint i = 0; rv->pairs && i < rv->pairs->len; i++)
    switch (g_array_index (rv->pairs, RfRacePair, i).verdict)
      {
      case RF_COVER_UNSAFE: (*n_race)++; break;
      case RF_COVER_SAFE: (*n_free)++; break;
      case RF_COVER_UNKNOWN: (*n_unknown)++; break;
      }
}

/* "  pairs: 3 of the 4 pairs of access statements with a write race, 1 cannot (proved)"
 * and a line per pair that races or is unknown, when there is more than the witness's
 * pair (the JSON report lists every pair decided or searched). */
static void
append_pairs (const RfRaceVerdict *rv, GString *out)
{
  if (!rv->pairs || rv->pairs->len + rv->pairs_unchecked < 2)
    return;
  guint n_race, n_free, n_unknown;
  rf_report_count_pairs (rv, &n_race, &n_free, &n_unknown);
  g_string_append_printf (out, "  pairs: %u of the %u pairs of access statements with a write race", n_race,
                          rv->pairs->len + rv->pairs_unchecked);
  if (n_free)
    g_string_append_printf (out, ", %u cannot (proved)", n_free);
  if (n_unknown)
    g_string_append_printf (out, ", %u unknown (search budget exhausted)", n_unknown);
  if (rv->pairs_unchecked)
    g_string_append_printf (out, ", %u not checked (past the %u searched)", rv->pairs_unchecked,
                            RF_RACE_MAX_PAIRS);
  g_string_append_c (out, '\n');
  for (guint i = 0; i < rv->pairs->len; i++)
    {
      const RfRacePair *p = &g_array_index (rv->pairs, RfRacePair, i);
      if (p->verdict == RF_COVER_SAFE)
        continue;
      g_string_append_printf (out, "    %s: ", p->verdict == RF_COVER_UNSAFE ? "race" : "unknown");
      rf_report_append_pair (p, out);
      if (p->witness)
        g_string_append (out, " (the interleaving below)");
      else if (p->verdict == RF_COVER_UNSAFE)
        g_string_append_printf (out, " (%u steps)", p->steps);
      g_string_append_c (out, '\n');
    }
}

static void
append_interleaving (const RfProgram *prog, const RfNet *net, const RfRaceVerdict *rv, GString *out)
{
  append_race_sites (prog, net, rv, out);
  append_pairs (rv, out);
  rf_report_append_steps (prog, net, rv->interleaving, out);
}

void
rf_report_append_steps (const RfProgram *prog, const RfNet *net, const RfInterleaving *il, GString *out)
{
  g_string_append_printf (out, "  interleaving (%u steps):\n", il->steps->len);
  for (guint i = 0; i < il->steps->len; i++)
    {
      const RfThreadStep *s = &g_array_index (il->steps, RfThreadStep, i);
      const RfTransition *t = rf_net_get_transition (net, s->transition);
      g_string_append_printf (out, "    %3u. ", i + 1);
      if (s->thread > 0)
        g_string_append_printf (out, "T%u (%s) ", s->thread, rf_report_job_name (net, s->job));
      rf_report_append_loc (out, t->loc);
      /* the function, when the step is in one its thread called */
      gboolean shared = FALSE;
      g_autoptr (GArray) stack = rf_report_step_stack (prog, net, il, i, t->loc, &shared);
      if (stack->len > 1 || (stack->len == 1 && shared))
        g_string_append_printf (out, " in %s", g_array_index (stack, RfStackFrame, 0).fn);
      g_string_append_printf (out, ": %s\n", t->label);
    }
  g_string_append (out, "  final state:\n");
  for (guint k = 0; k < il->final->len; k++)
    {
      const RfThreadState *st = &g_array_index (il->final, RfThreadState, k);
      const RfPlace *p = rf_net_get_place (net, st->place);
      g_string_append_printf (out, "    T%u (%s) ", st->thread, rf_report_job_name (net, st->job));
      rf_report_append_loc (out, p->loc);
      if (p->activity)
        g_string_append_printf (out, ": %s", p->activity);
      if (st->ended)
        g_string_append (out, " (ended: a step emptied this place)");
      g_autoptr (GArray) held = prog && !st->ended ? rf_interleaving_held (net, il, st->thread, G_MAXUINT) : NULL;
      if (held && held->len)
        {
          g_string_append (out, ", ");
          rf_report_append_held (prog, held, out);
        }
      if (st->created_step > 0)
        {
          const RfThreadStep *cs = &g_array_index (il->steps, RfThreadStep, st->created_step - 1);
          g_string_append_printf (out, ", created by T%u (%s) at ", st->creator, rf_report_job_name (net, cs->job));
          rf_report_append_loc_col (out, rf_net_get_transition (net, cs->transition)->loc);
          g_string_append_printf (out, " (step %u)", st->created_step);
        }
      g_string_append_c (out, '\n');
    }
}

void
rf_report_text_verdict (const RfCheckResult *res, const RfRaceVerdict *rv,
                        const RfReportOptions *opts, GString *out)
{
  const RfCoverResult *r = rv->result;
  switch (r->verdict)
    {
    case RF_COVER_SAFE:
      if (rv->argument)
        g_string_append_printf (out, "%s: race-free (proved: %s)\n", rv->name, rv->argument);
      else
        g_string_append_printf (out, "%s: race-free (proved)\n", rv->name);
      break;
    case RF_COVER_UNSAFE:
      {
        const RfSuppression *sup = rf_check_result_race_suppression (res, rv);
        g_string_append_printf (out, "%s: RACE%s\n", rv->name, sup->kind ? " (suppressed)" : "");
        if (sup->kind)
          rf_report_append_suppression (sup, out);
        else
          append_interleaving (rf_check_result_get_program (res), rf_check_result_get_net (res), rv, out);
      }
      break;
    case RF_COVER_UNKNOWN:
      g_string_append_printf (out, "%s: unknown (%s)\n", rv->name,
                              r->interrupted ? "interrupted" : "search budget exhausted");
      break;
    }
  if (opts && opts->stats)
    g_string_append_printf (out, "  stats: #Conf %" G_GUINT64_FORMAT ", #Subsum %" G_GUINT64_FORMAT
                            ", #Iter %" G_GUINT64_FORMAT ", kept %" G_GUINT64_FORMAT
                            ", pruned by invariants %" G_GUINT64_FORMAT
                            ", by the state equation %" G_GUINT64_FORMAT
                            ", forward states %" G_GUINT64_FORMAT "\n",
                            r->stats.conf, r->stats.subsumed, r->stats.iterations, r->stats.kept,
                            r->stats.pruned, r->stats.steq_pruned, r->stats.forward_states);
  if (opts && opts->stats && rv->searched)
    {
      const RfNet *net = rf_check_result_get_net (res);
      gboolean focused = rv->focus_places > 0;
      g_string_append_printf (out, "  searched on %s: %u places, %u transitions\n",
                              focused ? "the net focused on it" : "the whole net",
                              focused ? rv->focus_places : rf_net_n_places (net),
                              focused ? rv->focus_transitions : rf_net_n_transitions (net));
    }
}

/* The last line of the text report of a race check: what the verdicts add up to. */
static void
report_text_summary (const RfCheckResult *res, const RfReportOptions *opts, GString *out)
{
  guint n_race, n_free, n_unknown;
  rf_check_result_count (res, &n_race, &n_free, &n_unknown);
  guint n = rf_check_result_get_verdicts (res)->len;
  const RfProgram *prog = rf_check_result_get_program (res);
  for (guint v = 0; opts && opts->stats && prog && v < rf_program_n_vars (prog); v++)
    {
      /* the value variables the model follows, and those forgotten (their accesses race) */
      const RfVar *var = rf_program_get_var (prog, v);
      if (var->kind != RF_VAR_VALUE)
        continue;
      g_string_append_printf (out, "value variable %s: {", var->name);
      for (guint k = 0; k < var->n_values; k++)
        g_string_append_printf (out, "%s%" G_GINT64_FORMAT, k ? ", " : "", var->values[k]);
      g_string_append_printf (out, "} initially %" G_GINT64_FORMAT "%s\n", var->values[var->init],
                              var->forgotten ? ", forgotten (its own accesses may race: branches on it go both ways)"
                                             : "");
    }
  if (rf_check_result_get_checks (res) & RF_CHECK_RACES)
    g_string_append_printf (out, "summary: %u shared variable%s: %u race%s, %u race-free, %u unknown\n",
                            n, n == 1 ? "" : "s", n_race, n_race == 1 ? "" : "s", n_free, n_unknown);
  rf_report_text_deadlock_summary (res, out);
  guint n_shown, n_suppressed, n_unknown_all;
  rf_check_result_count_findings (res, &n_shown, &n_suppressed, &n_unknown_all);
  guint n_interrupted = rf_check_result_count_interrupted (res);
  if (n_interrupted > 0)
    g_string_append_printf (out, "interrupted: %u verdict%s left unknown (SIGINT)\n", n_interrupted,
                            n_interrupted == 1 ? "" : "s");
  if (n_suppressed > 0)
    g_string_append_printf (out, "suppressed: %u finding%s (racefree: allow comments, --baseline); the exit status "
                            "counts only the others\n", n_suppressed, n_suppressed == 1 ? "" : "s");
}

void
rf_report_append_suppression (const RfSuppression *sup, GString *out)
{
  if (sup->kind == RF_SUPPRESS_SOURCE)
    {
      g_string_append_printf (out, "  suppressed: %s (allowed at ", sup->reason);
      rf_report_append_loc (out, sup->loc);
      g_string_append (out, ")\n");
    }
  else if (sup->kind == RF_SUPPRESS_BASELINE)
    g_string_append_printf (out, "  suppressed: in the baseline %s\n", sup->reason);
}

void
rf_report_text (const RfCheckResult *res, const RfReportOptions *opts, GString *out)
{
  GPtrArray *verdicts = rf_check_result_get_verdicts (res);
  for (guint i = 0; i < verdicts->len; i++)
    rf_report_text_verdict (res, g_ptr_array_index (verdicts, i), opts, out);
  GPtrArray *deadlocks = rf_check_result_get_deadlocks (res);
  for (guint i = 0; i < deadlocks->len; i++)
    rf_report_text_deadlock (res, g_ptr_array_index (deadlocks, i), opts, out);
  report_text_summary (res, opts, out);
}

/* The text report of a coverability check: the verdict, the witness of an unsafe net
 * (its initial marking, the firing sequence and the final marking; the engine has
 * replayed it), and with opts->stats the net size, the statistics and the time. */
static void
report_text_cover (const RfCheckResult *res, const RfReportOptions *opts, GString *out)
{
  const RfNet *net = rf_check_result_get_net (res);
  const RfCoverResult *r = rf_check_result_get_cover (res);
  g_string_append_printf (out, "%s\n", rf_cover_verdict_to_string (r->verdict));
  if (r->verdict == RF_COVER_UNSAFE)
    {
      const RfWitness *w = r->witness;
      g_autofree char *init = rf_net_marking_to_string (net, w->initial);
      g_autofree char *fin = rf_net_marking_to_string (net, w->final);
      g_string_append_printf (out, "witness (%u steps):\n  initial %s\n", w->steps->len, init);
      for (guint i = 0; i < w->steps->len; i++)
        {
          const RfTransition *t = rf_net_get_transition (net, g_array_index (w->steps, guint, i));
          g_string_append_printf (out, "  %3u. %s\n", i + 1, t->label ? t->label : "?");
        }
      g_string_append_printf (out, "  final %s\n", fin);
    }
  if (opts && opts->stats)
    {
      g_string_append_printf (out, "places %u, transitions %u\n"
                              "stats: #Conf %" G_GUINT64_FORMAT ", #Subsum %" G_GUINT64_FORMAT
                              ", #Iter %" G_GUINT64_FORMAT ", kept %" G_GUINT64_FORMAT
                              ", pruned by invariants %" G_GUINT64_FORMAT
                              ", forward states %" G_GUINT64_FORMAT "\n"
                              "state equation: pruned %" G_GUINT64_FORMAT ", linear programs %" G_GUINT64_FORMAT
                              ", bounds learned %" G_GUINT64_FORMAT "\n",
                              rf_net_n_places (net), rf_net_n_transitions (net),
                              r->stats.conf, r->stats.subsumed, r->stats.iterations, r->stats.kept,
                              r->stats.pruned, r->stats.forward_states,
                              r->stats.steq_pruned, r->stats.steq_lps, r->stats.steq_learned);
      if (!opts->no_time)
        g_string_append_printf (out, "time: %.3f s\n", r->stats.seconds);
    }
}

/* A note at each call that led racing access SITE of RV to the function it is in:
 *   f.c:20:5: note: T2 calls bump here (from helper) */
static void
add_call_notes (const RfCheckResult *res, const RfRaceVerdict *rv, const RfRaceSite *site, RfDiags *diags)
{
  gboolean shared = FALSE;
  g_autoptr (GArray) stack = site->step > 0 ? rf_report_step_stack (rf_check_result_get_program (res),
                                                                     rf_check_result_get_net (res),
                                                                     rv->interleaving, site->step - 1, site->loc,
                                                                     &shared) : NULL;
  for (guint i = 1; stack && i < stack->len; i++)
    {
      const RfStackFrame *callee = &g_array_index (stack, RfStackFrame, i - 1);
      const RfStackFrame *f = &g_array_index (stack, RfStackFrame, i);
      if (f->loc.file && f->loc.line > 0)
        rf_diags_add (diags, RF_DIAG_NOTE, f->loc, "T%u calls %s here (in %s)", site->thread, callee->fn, f->fn);
    }
}

void
rf_report_race_diagnostics (const RfCheckResult *res, RfDiags *diags)
{
  const RfNet *net = rf_check_result_get_net (res);
  GPtrArray *verdicts = rf_check_result_get_verdicts (res);
  for (guint i = 0; i < verdicts->len; i++)
    {
      const RfRaceVerdict *rv = g_ptr_array_index (verdicts, i);
      if (rv->result->verdict != RF_COVER_UNSAFE || rf_check_result_race_suppression (res, rv)->kind)
        continue;
      GArray *sites = rv->sites;
      if (sites->len == 0)
        {
          rf_diags_add (diags, RF_DIAG_WARNING, RF_LOC_NONE, "data race on '%s' [racefree]", rv->name);
          continue;
        }
      /* The warning goes to a write when there is one: the note then names the access
       * it conflicts with. */
      const RfRaceSite *w = &g_array_index (sites, RfRaceSite, rv->lead);
      rf_diags_add (diags, RF_DIAG_WARNING, w->loc, "data race on '%s' (%s by T%u (%s)) [racefree]",
                    rv->name, w->write ? "write" : "read", w->thread, rf_report_job_name (net, w->job));
      add_call_notes (res, rv, w, diags);
      for (guint k = 0; k < sites->len; k++)
        {
          const RfRaceSite *o = &g_array_index (sites, RfRaceSite, k);
          if (k == rv->lead)
            continue;
          rf_diags_add (diags, RF_DIAG_NOTE, o->loc, "conflicting %s by T%u (%s)",
                        o->write ? "write" : "read", o->thread, rf_report_job_name (net, o->job));
          add_call_notes (res, rv, o, diags);
        }
      /* the other racing pairs of access statements, at the first of each */
      for (guint k = 0; rv->pairs && k < rv->pairs->len; k++)
        {
          const RfRacePair *p = &g_array_index (rv->pairs, RfRacePair, k);
          if (p->verdict != RF_COVER_UNSAFE || p->witness)
            continue;
          g_autoptr (GString) text = g_string_new (NULL);
          rf_report_append_pair (p, text);
          rf_diags_add (diags, RF_DIAG_NOTE, p->a, "'%s' also races here: %s", rv->name, text->str);
        }
      /* why the accesses are not protected: each note once, at the first site it is on */
      g_autoptr (GPtrArray) said = g_ptr_array_new ();
      for (guint k = 0; k < sites->len; k++)
        {
          const RfRaceSite *o = &g_array_index (sites, RfRaceSite, k);
          for (guint n = 0; n < o->why->len; n++)
            if (!g_ptr_array_find_with_equal_func (said, g_ptr_array_index (o->why, n), g_str_equal, NULL))
              {
                g_ptr_array_add (said, g_ptr_array_index (o->why, n));
                rf_diags_add (diags, RF_DIAG_NOTE, o->loc, "%s", (const char *) g_ptr_array_index (o->why, n));
              }
        }
    }
}

/* The stderr diagnostics of the text format: races, then deadlocks. */
static void
report_text_diagnostics (const RfCheckResult *res, RfDiags *diags)
{
  rf_report_race_diagnostics (res, diags);
  rf_report_deadlock_diagnostics (res, diags);
}

const RfReportFormat rf_report_format_text = {
  "text", rf_report_text_verdict, report_text_summary, report_text_cover, report_text_diagnostics,
  rf_report_text_deadlock,
};

static const RfReportFormat *const formats[] = {
  &rf_report_format_text,
  &rf_report_format_json,
  &rf_report_format_sarif,
};

const RfReportFormat *
rf_report_format_lookup (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (strcmp (formats[i]->name, name) == 0)
      return formats[i];
  return NULL;
}

const char *
rf_report_format_names (void)
{
  return "text, json, sarif";
}
