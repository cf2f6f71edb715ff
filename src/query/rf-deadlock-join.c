/* rf-deadlock-join: the join misuse queries: a thread joining itself, and a join of a
 * detached thread.
 *
 * Approach. The C front end follows a joinable handle t (docs/c-model.md, Threads):
 * threads created into it post `exited$t` when they end, and pthread_join (t) takes it.
 * It also notes the handle in the program (RfHandle) with the semaphores that a detach
 * of its thread posts (`detached$t` through the handle or at a detached create,
 * `detached_self$t` when the thread detaches itself, `detached$?` for a detach of a
 * thread it cannot name), and a join of pthread_self () posts `joins_self$`. Nothing
 * takes those, so once posted they stay: the questions are coverability queries on the
 * same net as the races.
 *   Self-join through t: a thread of a job type whose threads post exited$t (created
 *   into t) on a place where it takes exited$t (joins t): the union of those places.
 *   Self-join by pthread_self (): a thread on a place where it posts joins_self$.
 *   Join of a detached thread of t: a thread on a place where it joins t while one of
 *   t's detached semaphores (or detached$?) holds a token: for each such place and
 *   semaphore, the marking of both.
 * No marking covering the query: no run of the program (whose runs the net all has, and
 * whose detaches all post) gets there: proved. A witness is replayed by thread: which
 * thread a handle holds is the one its last create made (for a handle of ONE object, the
 * last create by any thread; for a LOCAL one, the last by the thread reading it; a
 * handle of MANY objects is never confirmed). A self-join is shown when the joining
 * thread is the one the handle holds (or always, by pthread_self ()); a join of a
 * detached thread when a detach of the thread the handle holds came before: its own
 * detach, or one through the handle (or at its create) while the handle held it.
 * Otherwise the answer is unknown. */

#include "rf-deadlock-private.h"

#include <string.h>

/* The semaphore job JOB's threads post when they end (the program's edge out of its
 * exit node), or -1. */
static gint
job_exit_sem (const RfProgram *prog, gint job)
{
  if (job < 0 || (guint) job >= rf_program_n_jobs (prog))
    return -1;
  const RfJob *j = rf_program_get_job (prog, (guint) job);
  for (guint i = 0; j->exit >= 0 && i < j->edges->len; i++)
    {
      const RfEdge *e = &g_array_index (j->edges, RfEdge, i);
      if (e->from == (guint) j->exit && e->op == RF_OP_POST)
        return e->arg;
    }
  return -1;
}

/* The handle's name: exited$NAME's NAME. */
static const char *
handle_name (const RfProgram *prog, guint sem)
{
  const char *n = rf_program_get_var (prog, sem)->name;
  return g_str_has_prefix (n, "exited$") ? n + strlen ("exited$") : n;
}

static RfDeadlockQuery *
query_new (RfDeadlockKind kind, const char *name, guint var, RfLoc loc)
{
  RfDeadlockQuery *q = g_new0 (RfDeadlockQuery, 1);
  q->kind = kind;
  q->name = g_strdup (name);
  q->loc = loc;
  q->locks = g_array_new (FALSE, FALSE, sizeof (guint));
  g_array_append_val (q->locks, var);
  q->targets = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref);
  q->places = g_array_new (FALSE, FALSE, sizeof (guint));
  return q;
}

/* Adds the target of a thread on control place P (and a token on place EXTRA, or -1). */
static void
query_add (RfDeadlockQuery *q, guint p, gint extra)
{
  RfToken tok[2] = { { p, 1 }, { (guint) extra, 1 } };
  g_ptr_array_add (q->targets, rf_marking_new (tok, extra >= 0 ? 2 : 1));
  g_array_append_val (q->places, p);
}

static gboolean
place_in (GArray *a, guint p)
{
  for (guint i = 0; i < a->len; i++)
    if (g_array_index (a, guint, i) == p)
      return TRUE;
  return FALSE;
}

void
rf_deadlock_join_queries (const RfProgram *prog, const RfNet *net, GPtrArray *out)
{
  guint nt = rf_net_n_transitions (net);
  /* by pthread_self (): the places where a thread posts joins_self$ */
  gint js = rf_program_lookup_var (prog, "joins_self$");
  gint jsp = js >= 0 ? rf_net_find_var_place (net, RF_PLACE_SEM, js) : -1;
  if (jsp >= 0)
    {
      g_autoptr (GArray) at = g_array_new (FALSE, FALSE, sizeof (guint));
      RfLoc loc = RF_LOC_NONE;
      for (guint ti = 0; ti < nt; ti++)
        {
          const RfTransition *t = rf_net_get_transition (net, ti);
          if (t->job < 0 || t->pc_from < 0 || rf_deadlock_place_delta (t, (guint) jsp) <= 0
              || place_in (at, (guint) t->pc_from))
            continue;
          if (at->len == 0)
            loc = t->loc;
          guint p = (guint) t->pc_from;
          g_array_append_val (at, p);
        }
      if (at->len > 0)
        {
          RfDeadlockQuery *q = query_new (RF_DEADLOCK_SELF_JOIN, "pthread_self ()", (guint) js, loc);
          for (guint i = 0; i < at->len; i++)
            query_add (q, g_array_index (at, guint, i), -1);
          g_ptr_array_add (out, q);
        }
    }
  gint any = rf_program_get_detached_any (prog);
  gint anyp = any >= 0 ? rf_net_find_var_place (net, RF_PLACE_SEM, any) : -1;
  for (guint hi = 0; hi < rf_program_n_handles (prog); hi++)
    {
      const RfHandle *h = rf_program_get_handle (prog, hi);
      gint ep = rf_net_find_var_place (net, RF_PLACE_SEM, (gint) h->exited);
      if (ep < 0)
        continue;
      /* the joins of h: where a thread takes exited$h; those of its own threads */
      g_autoptr (GArray) joins = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr (GArray) own = g_array_new (FALSE, FALSE, sizeof (guint));
      RfLoc join_loc = RF_LOC_NONE, own_loc = RF_LOC_NONE;
      for (guint ti = 0; ti < nt; ti++)
        {
          const RfTransition *t = rf_net_get_transition (net, ti);
          if (t->job < 0 || t->pc_from < 0 || rf_deadlock_place_delta (t, (guint) ep) >= 0)
            continue;
          guint p = (guint) t->pc_from;
          if (!place_in (joins, p))
            {
              if (joins->len == 0)
                join_loc = t->loc;
              g_array_append_val (joins, p);
            }
          if (job_exit_sem (prog, t->job) == (gint) h->exited && !place_in (own, p))
            {
              if (own->len == 0)
                own_loc = t->loc;
              g_array_append_val (own, p);
            }
        }
      const char *name = handle_name (prog, h->exited);
      if (own->len > 0)
        {
          RfDeadlockQuery *q = query_new (RF_DEADLOCK_SELF_JOIN, name, h->exited, own_loc);
          for (guint i = 0; i < own->len; i++)
            query_add (q, g_array_index (own, guint, i), -1);
          g_ptr_array_add (out, q);
        }
      gint dp[3] = { h->detached >= 0 ? rf_net_find_var_place (net, RF_PLACE_SEM, h->detached) : -1,
                     h->detached_self >= 0 ? rf_net_find_var_place (net, RF_PLACE_SEM, h->detached_self) : -1,
                     anyp };
      if (joins->len == 0 || (dp[0] < 0 && dp[1] < 0 && dp[2] < 0))
        continue;
      RfDeadlockQuery *q = query_new (RF_DEADLOCK_JOIN_DETACHED, name, h->exited, join_loc);
      for (guint i = 0; i < joins->len; i++)
        for (guint k = 0; k < 3; k++)
          if (dp[k] >= 0)
            query_add (q, g_array_index (joins, guint, i), dp[k]);
      g_ptr_array_add (out, q);
    }
}

/* Where a thread on control place P joins through SEM (the handle's exited semaphore,
 * taken, or joins_self$, posted): its first such move's location, else P's. */
static RfLoc
join_loc (const RfNet *net, guint p, guint sem)
{
  gint sp = rf_net_find_var_place (net, RF_PLACE_SEM, (gint) sem);
  for (guint ti = 0; sp >= 0 && ti < rf_net_n_transitions (net); ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (t->pc_from == (gint) p && rf_deadlock_place_delta (t, (guint) sp) != 0)
        return t->loc;
    }
  return rf_net_get_place (net, p)->loc;
}

/* Replay: thread numbers of IL by step. created[s]: the thread step s created, or 0. */
typedef struct {
  const RfProgram *prog;
  const RfNet *net;
  const RfInterleaving *il;
  guint *created;
} Replay;

/* The thread whose id handle SEM (of scope SCOPE) holds for thread READER after the
 * first UPTO steps: the one the last create into it made (by any thread for ONE, by
 * READER for LOCAL), or 0 (none, or a handle of MANY objects); *STEP gets its step
 * (1-based). */
static guint
held_by (const Replay *r, guint sem, RfHandleScope scope, guint reader, guint upto, guint *step)
{
  guint found = 0;
  for (guint s = 0; scope != RF_HANDLE_MANY && s < upto && s < r->il->steps->len; s++)
    {
      const RfThreadStep *ts = &g_array_index (r->il->steps, RfThreadStep, s);
      const RfTransition *t = rf_net_get_transition (r->net, ts->transition);
      if (t->spawn < 0 || !r->created[s] || (scope == RF_HANDLE_LOCAL && ts->thread != reader))
        continue;
      if (job_exit_sem (r->prog, rf_net_get_place (r->net, (guint) t->spawn)->job) != (gint) sem)
        continue;
      found = r->created[s];
      *step = s + 1;
    }
  return found;
}

/* Whether thread ST of the witness, on the join place, joins itself (Q's handle, or
 * pthread_self ()) or a detached thread; fills TH. */
static gboolean
confirm_thread (const Replay *r, const RfDeadlockQuery *q, const RfThreadState *st, RfDeadlockThread *th)
{
  guint sem = g_array_index (q->locks, guint, 0), end = r->il->steps->len;
  *th = (RfDeadlockThread) { st->thread, st->job, sem, 0, RF_LOC_NONE, st->thread,
                             join_loc (r->net, st->place, sem) };
  const RfHandle *h = rf_program_lookup_handle (r->prog, sem);
  if (q->kind == RF_DEADLOCK_SELF_JOIN && !h)
    return TRUE;  /* pthread_join (pthread_self ()) */
  if (!h)
    return FALSE;
  guint cstep = 0;
  guint joined = held_by (r, sem, h->scope, st->thread, end, &cstep);
  if (joined == 0)
    return FALSE;
  th->wanted = joined;
  if (q->kind == RF_DEADLOCK_SELF_JOIN)
    {
      th->held_step = cstep;
      guint ct = g_array_index (r->il->steps, RfThreadStep, cstep - 1).transition;
      th->held_loc = rf_net_get_transition (r->net, ct)->loc;
      return joined == st->thread;
    }
  gint dp = h->detached >= 0 ? rf_net_find_var_place (r->net, RF_PLACE_SEM, h->detached) : -1;
  gint sp = h->detached_self >= 0 ? rf_net_find_var_place (r->net, RF_PLACE_SEM, h->detached_self) : -1;
  for (guint s = cstep; s < end; s++)
    {
      const RfThreadStep *ts = &g_array_index (r->il->steps, RfThreadStep, s);
      const RfTransition *t = rf_net_get_transition (r->net, ts->transition);
      gboolean shown = FALSE;
      if (sp >= 0 && rf_deadlock_place_delta (t, (guint) sp) > 0)
        shown = ts->thread == joined;   /* it detached itself */
      if (dp >= 0 && rf_deadlock_place_delta (t, (guint) dp) > 0)
        {
          /* a detach through the handle (or a detached create): of the thread it held */
          guint at = 0;
          shown = (h->scope == RF_HANDLE_ONE || ts->thread == st->thread)
                  && held_by (r, sem, h->scope, ts->thread, s, &at) == joined;
        }
      if (shown)
        {
          th->held_step = s + 1;
          th->held_loc = t->loc;
          return TRUE;
        }
    }
  return FALSE;
}

gboolean
rf_deadlock_join_confirm (const RfProgram *prog, const RfNet *net, const RfDeadlockQuery *q, guint target,
                          RfDeadlockVerdict *v)
{
  const RfInterleaving *il = v->interleaving;
  guint place = g_array_index (q->places, guint, target);
  g_autofree guint *created = g_new0 (guint, il->steps->len + 1);
  for (guint f = 0; f < il->final->len; f++)
    {
      const RfThreadState *st = &g_array_index (il->final, RfThreadState, f);
      if (st->created_step > 0 && st->created_step <= il->steps->len)
        created[st->created_step - 1] = st->thread;
    }
  Replay r = { prog, net, il, created };
  for (guint f = 0; f < il->final->len; f++)
    {
      const RfThreadState *st = &g_array_index (il->final, RfThreadState, f);
      RfDeadlockThread th;
      if (st->ended || st->place != place || !confirm_thread (&r, q, st, &th))
        continue;
      v->threads = g_array_new (FALSE, FALSE, sizeof (RfDeadlockThread));
      g_array_append_val (v->threads, th);
      return TRUE;
    }
  if (q->kind == RF_DEADLOCK_SELF_JOIN && !rf_program_lookup_handle (prog, g_array_index (q->locks, guint, 0)))
    {
      /* pthread_join (pthread_self ()) by a thread that never moved (one started with
       * the program): it gets the next number, as in rf-deadlock.c's confirm */
      RfThreadState st = { il->final->len + 1, rf_net_get_place (net, place)->job, place, FALSE, 0, 0 };
      g_array_append_val (il->final, st);
      RfDeadlockThread th = { st.thread, st.job, g_array_index (q->locks, guint, 0), 0, RF_LOC_NONE, st.thread,
                              join_loc (net, place, g_array_index (q->locks, guint, 0)) };
      v->threads = g_array_new (FALSE, FALSE, sizeof (RfDeadlockThread));
      g_array_append_val (v->threads, th);
      return TRUE;
    }
  return FALSE;
}
