/* rf-c-lower-joinall-check: the claims of join and wait loops, checked on the finished
 * program model.
 *
 * Approach. The recognition (rf-c-lower-joinall.c) reads the source; what threads
 * do through pointers, and who posts a wait loop's semaphore, only the lowered model
 * says. So once every job type is lowered, each claim is checked against the model:
 * a claim it does not bear out is withdrawn (its joinall edges become skips, which
 * only adds behaviour) with a warning that says why. */
#include "rf-c-lower-private.h"

void
lower_joinall_slot_written (Lower *L, CExpr *call, guint from)
{
  JoinAllPlan *p = lower_joinall_for_create (L, call);
  for (guint i = from; p && i < L->job->edges->len; i++)
    if (g_array_index (L->job->edges, RfEdge, i).op == RF_OP_WRITE)
      {
        guint pair[2] = { L->job->id, i };
        g_array_append_vals (p->slot_writes, pair, 2);
      }
}

static gboolean
has_pair (GArray *pairs, guint a, guint b)
{
  for (guint k = 0; k + 1 < pairs->len; k += 2)
    if (g_array_index (pairs, guint, k) == a && g_array_index (pairs, guint, k + 1) == b)
      return TRUE;
  return FALSE;
}

/* The claim rests on each slot keeping the handle its create call stored until the
 * join loop reads it. The checks on the source see main's own uses; a thread given
 * its element (`&H[i]` as its argument) reaches its slot through a pointer, so after
 * lowering every write of the slots' locations (the variables the create call
 * writes) by any job is looked at: one that is not the create call's own withdraws
 * the claim (its joinall edges become skips, which only adds behaviour) with a
 * warning. Main's writes on its own lines before the create loop or after the join
 * loop (free (H) at the end) are left out: the checks on the source cover them, and
 * they cannot fall between a create and its join; a write from a function main calls
 * has the lines of that function, so it is looked at. */
void
lower_joinall_withdraw (Lower *L, GArray *edges, RfLoc loc, const char *msg)
{
  for (guint w = 0; w + 1 < edges->len; w += 2)
    {
      RfJob *job = rf_program_get_job (L->prog, g_array_index (edges, guint, w));
      RfEdge *e = &g_array_index (job->edges, RfEdge, g_array_index (edges, guint, w + 1));
      g_autofree char *old = e->text;
      e->text = g_strdup_printf ("%s (withdrawn)", old ? old : "joinall");
      e->op = RF_OP_SKIP;
      e->arg = e->arg2 = -1;
    }
  if (edges->len > 0)
    rf_diags_add (L->diags, RF_DIAG_WARNING, loc, "%s", msg);
}

/* Withdraws P's claim: its joinall edges become skips (which only adds behaviour),
 * with a warning saying WHY. */
static void
withdraw (Lower *L, JoinAllPlan *p, const char *why)
{
  g_autofree char *msg = NULL;
  if (p->counter)
    msg = g_strdup_printf ("this loop waits until each thread the loop of pthread_create started has stepped "
                           "'%s', but %s: those threads are not known to have stepped it after it",
                           p->counter->name, why);
  else if (p->sem_arg)
    msg = g_strdup_printf ("this loop waits once for each thread the loop of pthread_create started, but %s: "
                           "those threads are not known to have posted the semaphore after it", why);
  else
    msg = g_strdup_printf ("this loop joins every thread the loop of pthread_create started, but %s: those "
                           "threads are not known to have ended after it", why);
  lower_joinall_withdraw (L, p->joinall_edges, p->join_loop->loc, msg);
}

/* A wait loop's claim (every thread started has posted S once main took one token
 * per thread) holds when S is posted by those threads alone (no other job, no initial
 * value: sem_init's value is posts of main), at most once along any path of their job
 * (a count along the CFG: 0, 1, or more, to a fixpoint), and S blocks in the model
 * (a demoted semaphore's operations are skips). NULL, or why not. */
static const char *
sem_claim_broken (Lower *L, JoinAllPlan *p)
{
  const RfEdge *je = NULL;
  for (guint w = 0; w + 1 < p->joinall_edges->len && !je; w += 2)
    je = &g_array_index (rf_program_get_job (L->prog, g_array_index (p->joinall_edges, guint, w))->edges, RfEdge,
                         g_array_index (p->joinall_edges, guint, w + 1));
  if (!je || je->op != RF_OP_JOINALL || je->arg2 < 0)
    return "the semaphore gives no blocking in the model";
  return lower_joinall_posts_broken (L, p, je->arg2);
}

const char *
lower_joinall_posts_broken (Lower *L, JoinAllPlan *p, gint s)
{
  for (guint j = 0; j < rf_program_n_jobs (L->prog); j++)
    {
      RfJob *job = rf_program_get_job (L->prog, j);
      gboolean mine = FALSE;
      for (guint k = 0; k < p->jobs->len; k++)
        mine = mine || g_array_index (p->jobs, guint, k) == j;
      guint nn = job->nodes->len;
      g_autofree guint8 *count = g_new0 (guint8, MAX (nn, 1));
      gboolean changed = TRUE;
      while (changed)
        {
          changed = FALSE;
          for (guint i = 0; i < job->edges->len; i++)
            {
              const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
              gboolean post = e->op == RF_OP_POST && e->arg == s;
              if (post && !mine)
                return "another thread posts the semaphore (or sem_init gives it tokens)";
              guint8 c = MIN (count[e->from] + (post ? 1 : 0), 2);
              if (c > count[e->to])
                count[e->to] = c, changed = TRUE;
            }
        }
      for (guint n = 0; n < nn; n++)
        if (count[n] > 1)
          return "a thread may post the semaphore more than once";
    }
  return NULL;
}

static gboolean
loc_before (RfLoc a, RfLoc b)
{
  return a.line < b.line || (a.line == b.line && a.col < b.col);
}

static gboolean
main_line_outside (const JoinAllPlan *p, guint job, RfLoc loc)
{
  gboolean in_main = job == p->main_job && loc.file && loc.file == p->main_begin.file
                     && loc.file == p->main_end.file && !loc_before (loc, p->main_begin)
                     && !loc_before (p->main_end, loc);
  /* the region: from the create site up to the statement after the join site */
  gboolean in_region = loc.file == p->region_begin.file && !loc_before (loc, p->region_begin)
                       && loc_before (loc, p->region_end);
  /* main's own writes in a create helper before its loop, a join helper after its */
  for (guint k = 0; k < 2; k++)
    if (job == p->main_job && loc.file && p->quiet_begin[k].file && loc.file == p->quiet_begin[k].file
        && !loc_before (loc, p->quiet_begin[k]) && loc_before (loc, p->quiet_end[k]))
      return TRUE;
  return in_main && !in_region;
}

void
lower_joinall_check (Lower *L)
{
  lower_joinall_barrier_check (L);
  for (guint k = 0; k < L->jobs.joinall_done->len; k++)
    {
      JoinAllPlan *p = g_ptr_array_index (L->jobs.joinall_done, k);
      if (p->sem_arg || p->counter)
        {
          const char *why = sem_claim_broken (L, p);
          if (why)
            withdraw (L, p, why);
          continue;
        }
      const RfEdge *bad = NULL;
      for (guint j = 0; j < rf_program_n_jobs (L->prog) && !bad; j++)
        {
          RfJob *job = rf_program_get_job (L->prog, j);
          for (guint i = 0; i < job->edges->len && !bad; i++)
            {
              const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
              if (e->op != RF_OP_WRITE || has_pair (p->slot_writes, j, i) || main_line_outside (p, j, e->loc))
                continue;
              for (guint w = 0; w + 1 < p->slot_writes->len && !bad; w += 2)
                {
                  RfJob *cj = rf_program_get_job (L->prog, g_array_index (p->slot_writes, guint, w));
                  if (g_array_index (cj->edges, RfEdge, g_array_index (p->slot_writes, guint, w + 1)).arg == e->arg)
                    bad = e;
                }
            }
        }
      if (!bad)
        continue;
      const RfVar *v = rf_program_get_var (L->prog, (guint) bad->arg);
      g_autofree char *why = g_strdup_printf ("'%s' (a handle slot) is also written at %s:%u", v->name,
                                              bad->loc.file ? bad->loc.file : "?", bad->loc.line);
      withdraw (L, p, why);
    }
}
