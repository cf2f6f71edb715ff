/* rf-report-deadlock: the text report of the deadlock check and its GCC-style
 * diagnostics. Everything said is in the verdicts (rf-deadlock.h): which thread holds
 * which mutex since which step, and where it waits. */
#include "rf-report.h"
#include "rf-report-private.h"

/* What thread TH of verdict DV does: "T2 (worker) holds a (locked at step 3, f.c:12)
 * and waits for b at f.c:13", "... and locks it again at f.c:14", "T2 (worker) unlocks
 * m at f.c:20 without holding it", "T2 (worker) holds m (...) when it ends at f.c:30". */
void
rf_report_append_deadlock_thread (const RfProgram *prog, const RfNet *net, const RfDeadlockVerdict *dv,
                                  const RfDeadlockThread *th, GString *out)
{
  const char *held = rf_program_get_var (prog, th->held)->name;
  g_string_append_printf (out, "T%u (%s) ", th->thread, rf_report_job_name (net, th->job));
  if (dv->kind == RF_DEADLOCK_SELF_JOIN || dv->kind == RF_DEADLOCK_JOIN_DETACHED)
    {
      /* "T2 (worker) joins itself through g_tid at f.c:12 (created into it at step 1,
       * f.c:20)", "T1 (main) joins T2 (worker) through t at f.c:14, detached at step 3
       * (f.c:13)" */
      if (th->wanted == th->thread)
        g_string_append (out, "joins itself");
      else
        g_string_append_printf (out, "joins T%u", th->wanted);
      g_string_append_printf (out, " through %s at ", dv->name);
      rf_report_append_loc (out, th->wait_loc);
      if (th->held_step > 0)
        {
          g_string_append_printf (out, ", %s at step %u (", dv->kind == RF_DEADLOCK_SELF_JOIN ? "created into it"
                                                            : "detached", th->held_step);
          rf_report_append_loc (out, th->held_loc);
          g_string_append_c (out, ')');
        }
      return;
    }
  if (dv->kind == RF_DEADLOCK_COND_MUTEXES)
    {
      g_string_append_printf (out, "waits on it with %s at ", held);
      rf_report_append_loc (out, th->wait_loc);
      return;
    }
  if (dv->kind == RF_DEADLOCK_LOST_WAKEUP)
    {
      gboolean cond = rf_program_get_var (prog, th->held)->kind == RF_VAR_COND;
      g_string_append_printf (out, "waits on %s at ", held);
      rf_report_append_loc (out, th->wait_loc);
      g_string_append_printf (out, " for ever: no thread left can %s it", cond ? "signal" : "post");
      if (th->lost_step > 0)
        {
          g_string_append_printf (out, " (signalled at step %u, ", th->lost_step);
          rf_report_append_loc (out, th->lost_loc);
          g_string_append (out, ", while nobody waited)");
        }
      return;
    }
  if (dv->kind == RF_DEADLOCK_UNHELD)
    {
      g_string_append_printf (out, "unlocks %s at ", held);
      rf_report_append_loc (out, th->wait_loc);
      g_string_append (out, " without holding it");
      return;
    }
  g_string_append_printf (out, "holds %s", held);
  if (th->held_step > 0)
    {
      g_string_append_printf (out, " (locked at step %u, ", th->held_step);
      rf_report_append_loc (out, th->held_loc);
      g_string_append_c (out, ')');
    }
  if (dv->kind == RF_DEADLOCK_RELOCK)
    g_string_append (out, " and locks it again at ");
  else if (dv->kind == RF_DEADLOCK_END_HOLDING)
    g_string_append (out, " when it ends at ");
  else if (dv->kind == RF_DEADLOCK_SPIN_BLOCK)
    g_string_append (out, " and may block at ");
  else
    g_string_append_printf (out, " and waits for %s at ", rf_program_get_var (prog, th->wanted)->name);
  rf_report_append_loc (out, th->wait_loc);
}

/* The call context (RfContext id, or -1) of what thread TH of DV does where the
 * witness leaves it: a move from its place at its wait_loc (a wait, an unlock, a join),
 * else any move from its place, else its last step. */
static gint
where_ctx (const RfNet *net, const RfDeadlockVerdict *dv, const RfDeadlockThread *th)
{
  const RfInterleaving *il = dv->interleaving;
  gint place = -1, ctx = -1;
  for (guint f = 0; f < il->final->len && place < 0; f++)
    if (g_array_index (il->final, RfThreadState, f).thread == th->thread)
      place = (gint) g_array_index (il->final, RfThreadState, f).place;
  for (guint ti = 0; place >= 0 && ti < rf_net_n_transitions (net); ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (t->pc_from != place)
        continue;
      if (t->loc.line == th->wait_loc.line && t->loc.col == th->wait_loc.col
          && g_strcmp0 (t->loc.file, th->wait_loc.file) == 0)
        return t->ctx;
      if (ctx < 0)
        ctx = t->ctx;
    }
  for (guint s = il->steps->len; ctx < 0 && s-- > 0;)
    if (g_array_index (il->steps, RfThreadStep, s).thread == th->thread)
      ctx = rf_net_get_transition (net, g_array_index (il->steps, RfThreadStep, s).transition)->ctx;
  return ctx;
}

GArray *
rf_report_deadlock_thread_stack (const RfProgram *prog, const RfNet *net, const RfDeadlockVerdict *dv,
                                 const RfDeadlockThread *th, gboolean *shared)
{
  gint ctx = prog ? where_ctx (net, dv, th) : -1;
  if (ctx >= (gint) (prog ? rf_program_n_contexts (prog) : 0))
    ctx = -1;
  return rf_program_stack (prog, ctx, th->wait_loc, shared);
}

/* The call stacks of a finding's threads: where each locked what it holds, and where it
 * waits (or unlocks, ends, blocks, joins), "  T2 locked a in put at f.c:4:3, called
 * from worker at f.c:9:5", one line each, when the front end gave contexts. */
static void
append_thread_stacks (const RfProgram *prog, const RfNet *net, const RfDeadlockVerdict *dv, GString *out)
{
  static const char *const verb[RF_DEADLOCK_N_KINDS] = {
    [RF_DEADLOCK_CYCLE] = "waits", [RF_DEADLOCK_RELOCK] = "locks it again",
    [RF_DEADLOCK_UNHELD] = "unlocks", [RF_DEADLOCK_END_HOLDING] = "ends",
    [RF_DEADLOCK_COND_MUTEXES] = "waits", [RF_DEADLOCK_SPIN_BLOCK] = "may block",
    [RF_DEADLOCK_LOST_WAKEUP] = "waits", [RF_DEADLOCK_SELF_JOIN] = "joins",
    [RF_DEADLOCK_JOIN_DETACHED] = "joins",
  };
  for (guint i = 0; prog && i < dv->threads->len; i++)
    {
      const RfDeadlockThread *th = &g_array_index (dv->threads, RfDeadlockThread, i);
      gboolean shared = FALSE;
      if (th->held_step > 0)
        {
          g_autoptr (GArray) stack = rf_report_step_stack (prog, net, dv->interleaving, th->held_step - 1,
                                                           th->held_loc, &shared);
          if (stack->len > 0)
            {
              g_string_append_printf (out, "  T%u locked %s ", th->thread, rf_program_get_var (prog, th->held)->name);
              rf_report_append_stack (stack, shared, out);
              g_string_append_c (out, '\n');
            }
        }
      g_autoptr (GArray) stack = rf_report_deadlock_thread_stack (prog, net, dv, th, &shared);
      if (stack->len == 0)
        continue;
      g_string_append_printf (out, "  T%u %s ", th->thread, verb[dv->kind] ? verb[dv->kind] : "is");
      rf_report_append_stack (stack, shared, out);
      g_string_append_c (out, '\n');
    }
}

void
rf_report_text_deadlock (const RfCheckResult *res, const RfDeadlockVerdict *dv, const RfReportOptions *opts,
                         GString *out)
{
  const RfProgram *prog = rf_check_result_get_program (res);
  const RfNet *net = rf_check_result_get_net (res);
  const RfDeadlockKindInfo *info = rf_deadlock_kind_info (dv->kind);
  const RfSuppression *sup = rf_check_result_deadlock_suppression (res, dv);
  g_string_append_printf (out, "%s %s: %s", info->question, dv->name, rf_deadlock_status_to_string (dv));
  if (dv->why)
    g_string_append_printf (out, " (%s)", dv->why);
  g_string_append (out, sup->kind ? " (suppressed)\n" : "\n");
  rf_report_append_suppression (sup, out);
  if (dv->status == RF_DEADLOCK_FOUND && !sup->kind)
    {
      g_string_append_printf (out, "  %s: ", dv->kind == RF_DEADLOCK_CYCLE ? "deadlock"
                                             : dv->kind == RF_DEADLOCK_RELOCK ? "relock"
                                             : dv->kind == RF_DEADLOCK_LOST_WAKEUP ? "blocked"
                                             : "misuse");  /* a join's too */
      for (guint i = 0; i < dv->threads->len; i++)
        {
          g_string_append (out, i == 0 ? "" : ",\n            ");
          rf_report_append_deadlock_thread (prog, net, dv, &g_array_index (dv->threads, RfDeadlockThread, i), out);
        }
      g_string_append_c (out, '\n');
      append_thread_stacks (prog, net, dv, out);
      rf_report_append_steps (prog, net, dv->interleaving, out);
    }
  const RfCoverResult *r = dv->result;
  if (r && opts && opts->stats)
    g_string_append_printf (out, "  stats: #Conf %" G_GUINT64_FORMAT ", #Subsum %" G_GUINT64_FORMAT
                            ", #Iter %" G_GUINT64_FORMAT ", kept %" G_GUINT64_FORMAT "\n",
                            r->stats.conf, r->stats.subsumed, r->stats.iterations, r->stats.kept);
}

void
rf_report_text_deadlock_summary (const RfCheckResult *res, GString *out)
{
  RfChecks checks = rf_check_result_get_checks (res);
  const RfProgram *prog = rf_check_result_get_program (res);
  if (!prog)
    return;
  guint unchecked = rf_check_result_get_deadlock_unchecked (res);
  if (unchecked > 0)
    g_string_append_printf (out, "lock order (other cycles): unknown (not checked: at most %u cycles, %u steps of "
                            "the search for them)\n", RF_DEADLOCK_MAX_CYCLES, RF_DEADLOCK_MAX_STEPS);
  if (checks & RF_CHECK_DEADLOCKS)
    {
      guint found, proved, unknown;
      rf_check_result_count_deadlocks (res, RF_DEADLOCK_CYCLE, &found, &proved, &unknown);
      guint n = found + proved + unknown;
      if (n == 0)
        g_string_append (out, "deadlocks: no lock-order cycle\n");
      else
        g_string_append_printf (out, "deadlocks: %u lock-order cycle%s: %u deadlock%s, %u deadlock-free, %u unknown\n",
                                n, n == 1 ? "" : "s", found, found == 1 ? "" : "s", proved, unknown);
      guint searched = rf_check_result_get_wakeups_searched (res);
      rf_check_result_count_deadlocks (res, RF_DEADLOCK_LOST_WAKEUP, &found, &proved, &unknown);
      if (searched > 0)
        g_string_append_printf (out, "wake-ups: %u lost wake-up%s shown, searching %u %s (one not shown is not "
                                "proved)\n", found, found == 1 ? "" : "s", searched,
                                searched == 1 ? "condition variable or semaphore"
                                              : "condition variables and semaphores");
    }
  if (checks & RF_CHECK_MISUSE)
    {
      guint n = 0, n_found = 0, n_proved = 0, n_unknown = 0;
      for (RfDeadlockKind k = 0; k < RF_DEADLOCK_N_KINDS; k++)
        {
          if (rf_deadlock_kind_info (k)->check != RF_CHECK_MISUSE)
            continue;
          guint found, proved, unknown;
          rf_check_result_count_deadlocks (res, k, &found, &proved, &unknown);
          n += found + proved + unknown, n_found += found, n_proved += proved, n_unknown += unknown;
        }
      if (n == 0)
        g_string_append (out, "misuse: none possible (relock, unlock not held, end holding, condition with two "
                              "mutexes, blocking under a spinlock, join of itself or of a detached thread)\n");
      else
        g_string_append_printf (out, "misuse: %u question%s: %u shown, %u proved impossible, %u unknown\n", n,
                                n == 1 ? "" : "s", n_found, n_proved, n_unknown);
      gboolean first = TRUE;
      for (guint v = 0; v < rf_program_n_vars (prog); v++)
        if (rf_program_get_var (prog, v)->one_of_many)
          {
            g_string_append_printf (out, "%s%s", first ? "misuse: not checked for mutexes that stand for one element "
                                                         "of many (the model does not tell two elements apart): "
                                                       : ", ", rf_program_get_var (prog, v)->name);
            first = FALSE;
          }
      if (!first)
        g_string_append_c (out, '\n');
    }
  guint nu = rf_program_n_unfollowed (prog);
  if (nu > 0 && (checks & (RF_CHECK_DEADLOCKS | RF_CHECK_MISUSE)))
    g_string_append_printf (out, "deadlocks: %u lock operation%s not followed by the model (no deadlock through "
                            "%s is shown or excluded):\n", nu, nu == 1 ? "" : "s", nu == 1 ? "it" : "them");
  for (guint i = 0; i < nu && (checks & (RF_CHECK_DEADLOCKS | RF_CHECK_MISUSE)); i++)
    {
      RfLoc loc;
      const char *why = rf_program_get_unfollowed (prog, i, &loc);
      g_string_append (out, "  not followed: ");
      rf_report_append_loc (out, loc);
      g_string_append_printf (out, ": %s\n", why);
    }
}

void
rf_report_deadlock_diagnostics (const RfCheckResult *res, RfDiags *diags)
{
  const RfProgram *prog = rf_check_result_get_program (res);
  const RfNet *net = rf_check_result_get_net (res);
  GPtrArray *deadlocks = rf_check_result_get_deadlocks (res);
  for (guint i = 0; i < deadlocks->len; i++)
    {
      const RfDeadlockVerdict *dv = g_ptr_array_index (deadlocks, i);
      if (dv->status != RF_DEADLOCK_FOUND || rf_check_result_deadlock_suppression (res, dv)->kind)
        continue;
      for (guint k = 0; k < dv->threads->len; k++)
        {
          const RfDeadlockThread *th = &g_array_index (dv->threads, RfDeadlockThread, k);
          const char *held = rf_program_get_var (prog, th->held)->name;
          const char *job = rf_report_job_name (net, th->job);
          if (dv->kind == RF_DEADLOCK_RELOCK)
            rf_diags_add (diags, RF_DIAG_WARNING, th->wait_loc,
                          "self-deadlock: T%u (%s) locks '%s' again while holding it [racefree]", th->thread, job,
                          held);
          else if (dv->kind == RF_DEADLOCK_UNHELD)
            rf_diags_add (diags, RF_DIAG_WARNING, th->wait_loc,
                          "lock misuse: T%u (%s) unlocks '%s' without holding it [racefree]", th->thread, job, held);
          else if (dv->kind == RF_DEADLOCK_END_HOLDING)
            rf_diags_add (diags, RF_DIAG_WARNING, th->wait_loc,
                          "lock misuse: T%u (%s) ends holding '%s' [racefree]", th->thread, job, held);
          else if (dv->kind == RF_DEADLOCK_SPIN_BLOCK)
            rf_diags_add (diags, RF_DIAG_WARNING, th->wait_loc,
                          "lock misuse: T%u (%s) may block here while holding spinlock '%s' [racefree]", th->thread,
                          job, held);
          else if (dv->kind == RF_DEADLOCK_LOST_WAKEUP)
            {
              gboolean cond = rf_program_get_var (prog, th->held)->kind == RF_VAR_COND;
              rf_diags_add (diags, RF_DIAG_WARNING, th->wait_loc,
                            "lost wake-up: T%u (%s) waits on '%s' for ever: no thread left can %s it [racefree]",
                            th->thread, job, held, cond ? "signal" : "post");
              if (th->lost_step > 0)
                rf_diags_add (diags, RF_DIAG_NOTE, th->lost_loc, "'%s' was signalled here while no thread waited",
                              held);
            }
          else if (dv->kind == RF_DEADLOCK_SELF_JOIN)
            rf_diags_add (diags, RF_DIAG_WARNING, th->wait_loc,
                          "join misuse: T%u (%s) joins itself (through %s) [racefree]", th->thread, job, dv->name);
          else if (dv->kind == RF_DEADLOCK_JOIN_DETACHED)
            rf_diags_add (diags, RF_DIAG_WARNING, th->wait_loc,
                          "join misuse: T%u (%s) joins T%u, a detached thread (through %s) [racefree]", th->thread,
                          job, th->wanted, dv->name);
          else if (dv->kind == RF_DEADLOCK_COND_MUTEXES)
            rf_diags_add (diags, k == 0 ? RF_DIAG_WARNING : RF_DIAG_NOTE, th->wait_loc,
                          "%sT%u (%s) waits on a condition variable with '%s'%s", k == 0 ? "lock misuse: " : "",
                          th->thread, job, held, k == 0 ? ", while another thread waits on it with another mutex "
                          "[racefree]" : "");
          else if (k == 0)
            rf_diags_add (diags, RF_DIAG_WARNING, th->wait_loc,
                          "deadlock: T%u (%s) holds '%s' and waits for '%s' [racefree]", th->thread, job, held,
                          rf_program_get_var (prog, th->wanted)->name);
          else
            rf_diags_add (diags, RF_DIAG_NOTE, th->wait_loc, "T%u (%s) holds '%s' and waits for '%s'", th->thread,
                          job, held, rf_program_get_var (prog, th->wanted)->name);
          if (th->held_step > 0 && dv->kind == RF_DEADLOCK_SELF_JOIN)
            rf_diags_add (diags, RF_DIAG_NOTE, th->held_loc, "T%u (%s) was created into %s here", th->thread, job,
                          dv->name);
          else if (th->held_step > 0 && dv->kind == RF_DEADLOCK_JOIN_DETACHED)
            rf_diags_add (diags, RF_DIAG_NOTE, th->held_loc, "T%u was detached here", th->wanted);
          else if (th->held_step > 0)
            rf_diags_add (diags, RF_DIAG_NOTE, th->held_loc, "T%u (%s) locked '%s' here", th->thread, job, held);
        }
    }
}
