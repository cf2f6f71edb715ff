/* rf-deadlock: lock-order deadlock and relock queries.
 *
 * Approach. First, which mutexes a thread may hold where: for each control place and
 * each mutex, the counts (0, 1, 2 or more) a thread there may hold it, from the job
 * entries (a new thread holds nothing) along the thread's moves (a forward
 * may-analysis over the transitions of the job types: a move that takes the lock's
 * token holds it once more, one that gives it back once fewer). Then the lock-order
 * graph: a -> b for each blocking lock of b (a transition that waits for b, see
 * rf_net_set_transition_waits_for) from a place where a thread may hold a; the edge
 * keeps those places. A deadlock of mutexes is threads T1 .. Tk, Ti holding a_i and
 * waiting for a_{i+1} (a_{k+1} = a_1), held by T_{i+1}: the mutexes are distinct (each
 * is held by one thread), so a_1 -> ... -> a_k -> a_1 is an elementary cycle of the
 * graph with Ti on a place of edge i. Each elementary cycle is one coverability query:
 * can threads stand on p_1, ..., p_k at once (one place per edge: the sum of them, for
 * every choice)? When no marking of the net covers one, no run of the program (whose
 * runs the net all has) gets the threads there: the cycle cannot deadlock. When the
 * engine's witness covers one, it is replayed thread by thread: when each thread it
 * leaves on p_i holds a_i, each waits for a mutex the next one holds, and none can
 * move on: a deadlock shown. Otherwise the witness shows a thread there without its
 * lock (the places are those where a thread *may* hold it), and the answer is unknown.
 * A relock is the cycle of one edge a -> a: a thread waiting to lock a mutex it holds
 * (a normal mutex: it waits for ever; the C front end makes a recursive mutex's relock
 * a count, not a lock).
 * Misuse of one thread's own mutex is a query on one place: an unlock (or a condition
 * wait, which unlocks) from a place where a thread may not hold the mutex, confirmed when
 * the witness's thread there does not hold it; and a thread's end (a final place, see
 * RfPlace) where it may hold a mutex, confirmed when it does. Two threads waiting on one
 * condition variable with two different mutexes (undefined in POSIX) is a query on two
 * places, confirmed by the threads being there. */

#include "rf-deadlock-private.h"

#include <string.h>

#include "rf-check-result.h"

static const RfDeadlockKindInfo kinds[RF_DEADLOCK_N_KINDS] = {
  { RF_DEADLOCK_CYCLE, RF_CHECK_DEADLOCKS, "lock order", "lock-order", "DEADLOCK", "deadlock-free (proved)",
    "deadlock" },
  { RF_DEADLOCK_RELOCK, RF_CHECK_MISUSE, "relock", "relock", "SELF-DEADLOCK", "cannot happen (proved)",
    "self-deadlock" },
  { RF_DEADLOCK_UNHELD, RF_CHECK_MISUSE, "unlock", "unheld-unlock", "NOT HELD", "always held (proved)",
    "unlock of a mutex not held" },
  { RF_DEADLOCK_END_HOLDING, RF_CHECK_MISUSE, "end holding", "end-holding", "HELD AT END", "cannot happen (proved)",
    "thread ending with a mutex held" },
  { RF_DEADLOCK_COND_MUTEXES, RF_CHECK_MISUSE, "condition", "condition-two-mutexes", "TWO MUTEXES",
    "one mutex at a time (proved)", "wait on one condition variable with two mutexes at once" },
  { RF_DEADLOCK_SPIN_BLOCK, RF_CHECK_MISUSE, "block holding", "spin-blocking", "BLOCKS HOLDING SPINLOCK",
    "cannot happen (proved)", "blocking while holding a spinlock" },
  { RF_DEADLOCK_LOST_WAKEUP, RF_CHECK_DEADLOCKS, "wait on", "lost-wakeup", "LOST WAKE-UP", "not shown",
    "wait that nothing can end any more (a lost wake-up)", TRUE },
  /* the join misuse kinds (rf-deadlock-join.c) */
  { RF_DEADLOCK_SELF_JOIN, RF_CHECK_MISUSE, "self-join", "self-join", "SELF-JOIN", "cannot happen (proved)",
    "thread joining itself" },
  { RF_DEADLOCK_JOIN_DETACHED, RF_CHECK_MISUSE, "join of detached", "join-detached", "JOIN OF DETACHED",
    "cannot happen (proved)", "join of a detached thread" },
};

const RfDeadlockKindInfo *
rf_deadlock_kind_info (RfDeadlockKind kind)
{
  g_return_val_if_fail (kind < RF_DEADLOCK_N_KINDS, &kinds[0]);
  return &kinds[kind];
}

enum { HOLD_0 = 1, HOLD_1 = 2, HOLD_MORE = 4, HOLD_SOME = HOLD_1 | HOLD_MORE };

/* Graph: the lock-order graph over the mutexes of a net. Invariant: lock_place[i] is
 * the lock place of program var lock_var[i]; lock_of[p] is the index of place p among
 * them, or -1; holds[p * n + i] the HOLD_ bits of lock i at place p; edge[a * n + b]
 * the places (guint) from which a thread that may hold a waits for b, or NULL. */
typedef struct {
  guint n;
  GArray *lock_var;
  GArray *lock_place;
  gint *lock_of;
  guint8 *holds;
  GArray **edge;
} Graph;

static void
graph_clear (Graph *g)
{
  for (guint i = 0; g->edge && i < g->n * g->n; i++)
    if (g->edge[i])
      g_array_unref (g->edge[i]);
  g_free (g->edge);
  g_free (g->holds);
  g_free (g->lock_of);
  g_clear_pointer (&g->lock_var, g_array_unref);
  g_clear_pointer (&g->lock_place, g_array_unref);
}

gint
rf_deadlock_place_delta (const RfTransition *t, guint p)
{
  gint d = 0;
  for (guint i = 0; i < t->n_post; i++)
    if (t->post[i].place == p)
      d += (gint) t->post[i].count;
  for (guint i = 0; i < t->n_pre; i++)
    if (t->pre[i].place == p)
      d -= (gint) t->pre[i].count;
  return d;
}

/* The change a transition makes to how many times its thread holds lock place LP:
 * +1 when it takes LP's token, -1 when it gives one. */
static gint
lock_delta (const RfTransition *t, guint lp)
{
  return -rf_deadlock_place_delta (t, lp);
}

/* HOLD_ bits after a move changing the count by D from BITS. */
static guint8
hold_step (guint8 bits, gint d)
{
  guint8 out = 0;
  for (gint c = 0; c <= 2; c++)
    {
      if (!(bits & (1 << c)))
        continue;
      if (c == 2 && d < 0)
        out |= HOLD_1 | HOLD_MORE;   /* 2 or more, one fewer: 1 or more */
      else
        out |= 1 << CLAMP (c + d, 0, 2);   /* a release of a lock not held stays 0 */
    }
  return out;
}

static gboolean
guint_in (GArray *a, guint x)
{
  for (guint k = 0; k < a->len; k++)
    if (g_array_index (a, guint, k) == x)
      return TRUE;
  return FALSE;
}

/* The HOLD_ bits of every control place, from those set (the entries), to a fixpoint
 * over the thread moves; MOVES: (transition, lock, delta) triples in transition order.
 * A move taking the token of a CLOSED lock starts only from the count 0. */
static void
propagate_holds (Graph *g, const RfNet *net, GArray *moves, const gboolean *closed)
{
  guint n = g->n, nt = rf_net_n_transitions (net);
  g_autofree guint8 *out = g_new (guint8, n);
  for (gboolean changed = TRUE; changed;)
    {
      changed = FALSE;
      guint mi = 0;
      for (guint ti = 0; ti < nt; ti++)
        {
          const RfTransition *t = rf_net_get_transition (net, ti);
          gboolean moves_thread = t->job >= 0 && t->pc_from >= 0 && t->pc_to >= 0;
          const guint8 *in = g->holds + (gsize) (moves_thread ? t->pc_from : 0) * n;
          if (moves_thread)
            memcpy (out, in, n);
          for (; mi < moves->len && g_array_index (moves, gint, mi) == (gint) ti; mi += 3)
            if (moves_thread)
              {
                gint l = g_array_index (moves, gint, mi + 1), d = g_array_index (moves, gint, mi + 2);
                out[l] = hold_step (closed[l] && d > 0 ? in[l] & HOLD_0 : in[l], d);
                if (out[l] == 0 && in[l] != 0)
                  moves_thread = FALSE;   /* it cannot take that token: no move */
              }
          if (!moves_thread)
            continue;
          guint8 *to = g->holds + (gsize) t->pc_to * n;
          for (guint i = 0; i < n; i++)
            if ((out[i] | to[i]) != to[i])
              to[i] |= out[i], changed = TRUE;
        }
    }
}

/* A new thread holds nothing: the count 0 of every lock on every job's entry. */
static void
seed_entries (Graph *g, const RfNet *net)
{
  for (guint j = 0; j < rf_net_n_jobs (net); j++)
    {
      gint e = rf_net_get_job (net, j)->entry;
      for (guint i = 0; e >= 0 && i < g->n; i++)
        g->holds[(gsize) e * g->n + i] |= HOLD_0;
    }
}

static void
graph_build (Graph *g, const RfProgram *prog, const RfNet *net)
{
  guint np = rf_net_n_places (net), nt = rf_net_n_transitions (net);
  g->lock_var = g_array_new (FALSE, FALSE, sizeof (guint));
  g->lock_place = g_array_new (FALSE, FALSE, sizeof (guint));
  g->lock_of = g_new (gint, MAX (np, 1));
  for (guint p = 0; p < np; p++)
    g->lock_of[p] = -1;
  for (guint v = 0; v < rf_program_n_vars (prog); v++)
    {
      gint lp = rf_program_get_var (prog, v)->kind == RF_VAR_LOCK ? rf_net_find_var_place (net, RF_PLACE_LOCK, v)
                                                                   : -1;
      if (lp < 0)
        continue;
      g->lock_of[lp] = (gint) g->lock_var->len;
      g_array_append_val (g->lock_var, v);
      guint up = (guint) lp;
      g_array_append_val (g->lock_place, up);
    }
  guint n = g->n = g->lock_var->len;
  g->holds = g_new0 (guint8, MAX ((gsize) np * n, 1));
  g->edge = g_new0 (GArray *, MAX (n * n, 1));
  if (n == 0)
    return;
  seed_entries (g, net);
  /* the locks each transition changes: (transition, lock, delta) triples */
  g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (gint));
  for (guint ti = 0; ti < nt; ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      for (guint i = 0; i < t->n_pre + t->n_post; i++)
        {
          guint p = i < t->n_pre ? t->pre[i].place : t->post[i - t->n_pre].place;
          gint l = g->lock_of[p];
          gint d = l >= 0 ? lock_delta (t, p) : 0;
          if (d != 0)
            {
              gint triple[3] = { (gint) ti, l, d };
              g_array_append_vals (moves, triple, 3);
            }
        }
    }
  /* Pass 1 follows every move. When it shows that no thread gives a lock's token back
   * while it may not hold the lock, the lock's place and the counts of its holders add up
   * to 1 in every reachable marking (each move keeps the sum), so a thread that holds
   * it can never take its token again: pass 2 (closed[l]) lets a move that takes the
   * token of such a lock start only from the count 0. */
  g_autofree gboolean *closed = g_new0 (gboolean, n);
  for (guint pass = 1; pass <= 2; pass++)
    {
      if (pass == 2)
        {
          gboolean any = FALSE;
          for (guint l = 0; l < n; l++)
            closed[l] = TRUE;
          for (guint mi = 0; mi < moves->len; mi += 3)
            {
              const RfTransition *t = rf_net_get_transition (net, (guint) g_array_index (moves, gint, mi));
              gint l = g_array_index (moves, gint, mi + 1);
              if (g_array_index (moves, gint, mi + 2) < 0 && t->pc_from >= 0
                  && (g->holds[(gsize) t->pc_from * n + l] & HOLD_0))
                closed[l] = FALSE;
            }
          for (guint l = 0; l < n; l++)
            any |= closed[l];
          if (!any)
            break;
          memset (g->holds, 0, (gsize) np * n);
          seed_entries (g, net);
        }
      propagate_holds (g, net, moves, closed);
    }
  for (guint ti = 0; ti < nt; ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (t->waits_for < 0 || g->lock_of[t->waits_for] < 0)
        continue;
      guint b = (guint) g->lock_of[t->waits_for];
      for (guint a = 0; a < n; a++)
        {
          if (!(g->holds[(gsize) t->pc_from * n + a] & HOLD_SOME))
            continue;
          GArray **e = &g->edge[a * n + b];
          if (!*e)
            *e = g_array_new (FALSE, FALSE, sizeof (guint));
          guint p = (guint) t->pc_from;
          if (!guint_in (*e, p))
            g_array_append_val (*e, p);
        }
    }
}

void
rf_deadlock_query_free (RfDeadlockQuery *q)
{
  if (!q)
    return;
  g_free (q->name);
  g_array_unref (q->locks);
  g_ptr_array_unref (q->targets);
  g_array_unref (q->places);
  g_free (q);
}

/* The query of the cycle CYC (lock indices of G, in order): every choice of one place
 * per edge. */
static RfLoc wait_loc (const RfNet *net, guint p, guint lp);

/* The query of KIND on locks CYC[0 .. K) (indices of G): a thread on one of the places
 * EDGES[i] (guint) for each i, every choice; LOC where a report puts it. */
static RfDeadlockQuery *
make_query (const Graph *g, const RfProgram *prog, RfDeadlockKind kind, const guint *cyc, GArray *const *edges,
            guint k, RfLoc loc, const char *name_as)
{
  RfDeadlockQuery *q = g_new0 (RfDeadlockQuery, 1);
  q->kind = kind;
  q->locks = g_array_new (FALSE, FALSE, sizeof (guint));
  q->targets = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref);
  q->places = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GString) name = g_string_new (NULL);
  guint64 combos = 1;
  for (guint i = 0; i < k; i++)
    {
      guint v = g_array_index (g->lock_var, guint, cyc[i]);
      g_array_append_val (q->locks, v);
      g_string_append_printf (name, "%s%s", i ? " -> " : "", rf_program_get_var (prog, v)->name);
      combos *= edges[i]->len;
      combos = MIN (combos, (guint64) RF_DEADLOCK_MAX_TARGETS + 1);
    }
  if (kind == RF_DEADLOCK_CYCLE && k > 1)
    g_string_append_printf (name, " -> %s", rf_program_get_var (prog, g_array_index (q->locks, guint, 0))->name);
  q->name = name_as ? g_strdup (name_as) : g_string_free (g_steal_pointer (&name), FALSE);
  q->loc = loc;
  if (combos > RF_DEADLOCK_MAX_TARGETS)
    {
      q->too_many = TRUE;
      return q;
    }
  g_autofree guint *pick = g_new0 (guint, k);
  g_autofree RfToken *tok = g_new (RfToken, k);
  for (guint64 c = 0; c < combos; c++)
    {
      for (guint i = 0; i < k; i++)
        {
          guint p = g_array_index (edges[i], guint, pick[i]);
          g_array_append_val (q->places, p);
          tok[i] = (RfToken) { p, 1 };
        }
      g_ptr_array_add (q->targets, rf_marking_new (tok, k));
      /* the next choice, the last edge fastest */
      for (guint i = k; i-- > 0;)
        {
          if (++pick[i] < edges[i]->len)
            break;
          pick[i] = 0;
        }
    }
  return q;
}

/* The query of the cycle (or, with K = 1, the relock) CYC[0 .. K) of G. */
static RfDeadlockQuery *
cycle_query (const Graph *g, const RfProgram *prog, const RfNet *net, RfDeadlockKind kind, const guint *cyc,
             guint k)
{
  g_autofree GArray **edges = g_new (GArray *, k);
  for (guint i = 0; i < k; i++)
    edges[i] = g->edge[cyc[i] * g->n + cyc[(i + 1) % k]];
  RfLoc loc = wait_loc (net, g_array_index (edges[0], guint, 0), g_array_index (g->lock_place, guint, cyc[1 % k]));
  return make_query (g, prog, kind, cyc, edges, k, loc, NULL);
}

/* The misuse queries of lock S of G (see rf_deadlock_queries) after its relock. */
static void
misuse_queries (const Graph *g, const RfProgram *prog, const RfNet *net, guint s, GPtrArray *out)
{
  guint lp = g_array_index (g->lock_place, guint, s), n = g->n;
  g_autoptr (GArray) unheld = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) ends = g_array_new (FALSE, FALSE, sizeof (guint));
  RfLoc unheld_loc = RF_LOC_NONE, end_loc = RF_LOC_NONE;
  gboolean released = FALSE;
  for (guint ti = 0; ti < rf_net_n_transitions (net); ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (t->job < 0 || t->pc_from < 0 || lock_delta (t, lp) >= 0)
        continue;
      released = TRUE;
      if ((g->holds[(gsize) t->pc_from * n + s] & HOLD_0) && !guint_in (unheld, (guint) t->pc_from))
        {
          if (unheld->len == 0)
            unheld_loc = t->loc;
          guint p = (guint) t->pc_from;
          g_array_append_val (unheld, p);
        }
    }
  for (guint p = 0; released && p < rf_net_n_places (net); p++)
    {
      const RfPlace *pl = rf_net_get_place (net, p);
      if (!pl->final || pl->job < 0 || !(g->holds[(gsize) p * n + s] & HOLD_SOME))
        continue;
      const RfJob *job = rf_program_get_job (prog, (guint) pl->job);
      if (job->call || g_strcmp0 (job->name, "main") == 0)
        continue;  /* main's end ends the process; a module entry may return holding a lock */
      if (ends->len == 0)
        end_loc = pl->loc;
      g_array_append_val (ends, p);
    }
  GArray *e[1] = { unheld };
  if (unheld->len > 0)
    g_ptr_array_add (out, make_query (g, prog, RF_DEADLOCK_UNHELD, &s, e, 1, unheld_loc, NULL));
  e[0] = ends;
  if (ends->len > 0)
    g_ptr_array_add (out, make_query (g, prog, RF_DEADLOCK_END_HOLDING, &s, e, 1, end_loc, NULL));
}

/* The spinlock query of lock S of G (see rf_deadlock_queries): the places from which a
 * thread that may hold S calls something that may block (RfTransition.blocks). */
static void
spin_query (const Graph *g, const RfProgram *prog, const RfNet *net, guint s, GPtrArray *out)
{
  g_autoptr (GArray) places = g_array_new (FALSE, FALSE, sizeof (guint));
  RfLoc loc = RF_LOC_NONE;
  for (guint ti = 0; ti < rf_net_n_transitions (net); ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (!t->blocks || !(g->holds[(gsize) t->pc_from * g->n + s] & HOLD_SOME))
        continue;
      guint p = (guint) t->pc_from;
      if (guint_in (places, p))
        continue;
      if (places->len == 0)
        loc = t->loc;
      g_array_append_val (places, p);
    }
  GArray *e[1] = { places };
  if (places->len > 0)
    g_ptr_array_add (out, make_query (g, prog, RF_DEADLOCK_SPIN_BLOCK, &s, e, 1, loc, NULL));
}

/* The queries of the condition variables waited on with two mutexes (see
 * rf_deadlock_queries): for each signal place, the places where a thread waits on it
 * (those its wake-ups leave), grouped by the mutex the wait gave back on the way in;
 * for each two groups, threads in both at once. */
static void
cond_queries (const Graph *g, const RfProgram *prog, const RfNet *net, GPtrArray *out)
{
  guint n = g->n, np = rf_net_n_places (net), nt = rf_net_n_transitions (net);
  /* gave_back[w]: the lock a move into place w gives back (a wait's release), or -1 */
  g_autofree gint *gave_back = g_new (gint, MAX (np, 1));
  for (guint p = 0; p < np; p++)
    gave_back[p] = -1;
  for (guint ti = 0; ti < nt; ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      for (guint i = 0; t->pc_to >= 0 && i < t->n_post; i++)
        if (g->lock_of[t->post[i].place] >= 0 && lock_delta (t, t->post[i].place) < 0)
          gave_back[t->pc_to] = g->lock_of[t->post[i].place];
    }
  for (guint sp = 0; sp < np; sp++)
    {
      const RfPlace *sig = rf_net_get_place (net, sp);
      if (sig->kind != RF_PLACE_SIGNAL || sig->var < 0)
        continue;
      g_autofree GArray **by_lock = g_new0 (GArray *, MAX (n, 1));
      RfLoc first = RF_LOC_NONE;
      for (guint ti = 0; ti < nt; ti++)
        {
          const RfTransition *t = rf_net_get_transition (net, ti);
          if (t->pc_from < 0 || lock_delta (t, sp) <= 0 || gave_back[t->pc_from] < 0)
            continue;
          guint w = (guint) t->pc_from, l = (guint) gave_back[w];
          if (!by_lock[l])
            by_lock[l] = g_array_new (FALSE, FALSE, sizeof (guint));
          if (!guint_in (by_lock[l], w))
            g_array_append_val (by_lock[l], w);
          if (!first.file)
            first = rf_net_get_place (net, w)->loc;
        }
      for (guint a = 0; a < n; a++)
        for (guint b = a + 1; b < n && by_lock[a]; b++)
          {
            if (!by_lock[b])
              continue;
            guint pair[2] = { a, b };
            GArray *e[2] = { by_lock[a], by_lock[b] };
            g_autofree char *name = g_strdup_printf ("%s with %s and %s",
                                                     rf_program_get_var (prog, (guint) sig->var)->name,
                                                     rf_program_get_var (prog, g_array_index (g->lock_var, guint, a))->name,
                                                     rf_program_get_var (prog, g_array_index (g->lock_var, guint, b))->name);
            g_ptr_array_add (out, make_query (g, prog, RF_DEADLOCK_COND_MUTEXES, pair, e, 2, first, name));
          }
      for (guint l = 0; l < n; l++)
        if (by_lock[l])
          g_array_unref (by_lock[l]);
    }
}

/* Search: the enumeration of the elementary cycles of a graph. Invariant: path[0 ..
 * depth) is a simple path from path[0] (the cycle's least lock), on_path marks its
 * locks, back[b] that b (> path[0]) reaches path[0] through locks > path[0]; stopped
 * once RF_DEADLOCK_MAX_CYCLES cycles were found or RF_DEADLOCK_MAX_STEPS edges tried
 * (the cycles left are not checked). */
typedef struct {
  const Graph *g;
  const RfProgram *prog;
  const RfNet *net;
  guint *path;
  gboolean *on_path;
  gboolean *back;
  GPtrArray *out;
  guint n_cycles;
  guint64 steps;
  gboolean stopped;
} Search;

/* Elementary cycles through PATH[0] whose other locks all have a larger index (each
 * cycle found once, from its least lock), by depth-first search from PATH[0 .. DEPTH). */
static void
find_cycles (Search *sr, guint depth)
{
  const Graph *g = sr->g;
  guint last = sr->path[depth - 1], start = sr->path[0];
  for (guint b = start; b < g->n && !sr->stopped; b++)
    {
      if (!g->edge[last * g->n + b] || (b == start && depth == 1))
        continue;  /* a -> a is a relock, not a cycle of two threads */
      if (++sr->steps > RF_DEADLOCK_MAX_STEPS)
        {
          sr->stopped = TRUE;
          break;
        }
      if (b == start)
        {
          if (sr->n_cycles >= RF_DEADLOCK_MAX_CYCLES)
            sr->stopped = TRUE;
          else
            {
              g_ptr_array_add (sr->out, cycle_query (g, sr->prog, sr->net, RF_DEADLOCK_CYCLE, sr->path, depth));
              sr->n_cycles++;
            }
          continue;
        }
      if (sr->on_path[b] || !sr->back[b])
        continue;
      sr->on_path[b] = TRUE;
      sr->path[depth] = b;
      find_cycles (sr, depth + 1);
      sr->on_path[b] = FALSE;
    }
}

/* back[b] for every lock b >= S of G: b reaches S through locks >= S. */
static void
reaches_back (const Graph *g, guint s, gboolean *back)
{
  memset (back, 0, g->n * sizeof (gboolean));
  back[s] = TRUE;
  for (gboolean changed = TRUE; changed;)
    {
      changed = FALSE;
      for (guint a = s; a < g->n; a++)
        for (guint b = s; b < g->n && !back[a]; b++)
          if (back[b] && g->edge[a * g->n + b])
            back[a] = changed = TRUE;
    }
}

GPtrArray *
rf_deadlock_queries (const RfProgram *prog, const RfNet *net, gboolean cycles, gboolean misuse,
                     guint *n_unchecked)
{
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_deadlock_query_free);
  guint unchecked = 0;
  Graph g = { 0 };
  graph_build (&g, prog, net);
  g_autofree guint *path = g_new (guint, g.n + 1);
  g_autofree gboolean *on_path = g_new0 (gboolean, g.n + 1);
  g_autofree gboolean *back = g_new0 (gboolean, g.n + 1);
  Search sr = { &g, prog, net, path, on_path, back, out, 0, 0, FALSE };
  for (guint s = 0; cycles && s < g.n && !sr.stopped; s++)
    {
      reaches_back (&g, s, back);
      path[0] = s;
      on_path[s] = TRUE;
      find_cycles (&sr, 1);
      on_path[s] = FALSE;
    }
  unchecked = sr.stopped ? 1 : 0;
  for (guint s = 0; misuse && s < g.n; s++)
    {
      if (rf_program_get_var (prog, g_array_index (g.lock_var, guint, s))->one_of_many)
        continue;
      if (g.edge[s * g.n + s])
        g_ptr_array_add (out, cycle_query (&g, prog, net, RF_DEADLOCK_RELOCK, &s, 1));
      misuse_queries (&g, prog, net, s, out);
    }
  if (misuse)
    cond_queries (&g, prog, net, out);
  for (guint s = 0; misuse && s < g.n; s++)
    {
      const RfVar *v = rf_program_get_var (prog, g_array_index (g.lock_var, guint, s));
      if (v->spin && !v->one_of_many)
        spin_query (&g, prog, net, s, out);
    }
  if (misuse)
    rf_deadlock_join_queries (prog, net, out);
  if (cycles)
    rf_deadlock_wakeup_queries (prog, net, out);
  graph_clear (&g);
  if (n_unchecked)
    *n_unchecked = unchecked;
  return out;
}

void
rf_deadlock_verdict_free (RfDeadlockVerdict *v)
{
  if (!v)
    return;
  g_free (v->name);
  g_array_unref (v->locks);
  rf_cover_result_free (v->result);
  rf_interleaving_free (v->interleaving);
  g_clear_pointer (&v->threads, g_array_unref);
  g_free (v->why);
  g_free (v);
}

/* The first blocking lock of lock place LP from control place P (its location). */
static RfLoc
wait_loc (const RfNet *net, guint p, guint lp)
{
  for (guint ti = 0; ti < rf_net_n_transitions (net); ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (t->pc_from == (gint) p && t->waits_for == (gint) lp)
        return t->loc;
    }
  return RF_LOC_NONE;
}

/* Where a thread on control place P calls something that may block (its first such
 * move), or P's location. */
static RfLoc
block_loc (const RfNet *net, guint p)
{
  for (guint ti = 0; ti < rf_net_n_transitions (net); ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (t->pc_from == (gint) p && t->blocks)
        return t->loc;
    }
  return rf_net_get_place (net, p)->loc;
}

/* Where a thread on control place P gives lock place LP back (its first such move), or
 * where it ends (P's location). */
static RfLoc
release_loc (const RfNet *net, guint p, guint lp)
{
  for (guint ti = 0; ti < rf_net_n_transitions (net); ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (t->pc_from == (gint) p && lock_delta (t, lp) < 0)
        return t->loc;
    }
  return rf_net_get_place (net, p)->loc;
}

/* Confirms the witness of V (target number TARGET of Q): each thread it leaves on the
 * target's place of edge i holds locks[i] (replayed step by step, counting each of its
 * thread's lock moves); for an unheld unlock, the thread does not hold it. Fills
 * v->threads, or returns FALSE. */
static gboolean
confirm (const RfNet *net, const RfDeadlockQuery *q, guint target, const RfWitness *w, RfDeadlockVerdict *v)
{
  guint k = q->locks->len;
  RfInterleaving *il = v->interleaving;
  g_autofree gint *lp = g_new (gint, k);
  for (guint i = 0; i < k; i++)
    lp[i] = rf_net_find_var_place (net, RF_PLACE_LOCK, g_array_index (q->locks, guint, i));
  g_autofree gboolean *used = g_new0 (gboolean, il->final->len + k + 1);  /* room for threads added below */
  GArray *threads = g_array_new (FALSE, FALSE, sizeof (RfDeadlockThread));
  for (guint i = 0; i < k; i++)
    {
      guint place = g_array_index (q->places, guint, target * k + i);
      gboolean found = FALSE;
      for (guint f = 0; f < il->final->len && !found; f++)
        {
          const RfThreadState *st = &g_array_index (il->final, RfThreadState, f);
          if (used[f] || st->ended || st->place != place)
            continue;
          gint held = 0;
          guint step = 0;
          RfLoc at = RF_LOC_NONE;
          for (guint s = 0; s < il->steps->len; s++)
            {
              const RfThreadStep *ts = &g_array_index (il->steps, RfThreadStep, s);
              if (ts->thread != st->thread)
                continue;
              const RfTransition *t = rf_net_get_transition (net, ts->transition);
              gint d = lock_delta (t, (guint) lp[i]);
              if (held == 0 && d > 0)
                step = s + 1, at = t->loc;
              held = MAX (held + d, 0);
            }
          if (q->kind == RF_DEADLOCK_COND_MUTEXES ? FALSE : q->kind == RF_DEADLOCK_UNHELD ? held != 0 : held < 1)
            continue;
          used[f] = found = TRUE;
          guint wanted = g_array_index (q->locks, guint, (i + 1) % k);
          RfLoc where = q->kind == RF_DEADLOCK_UNHELD ? release_loc (net, place, (guint) lp[i])
                        : q->kind == RF_DEADLOCK_SPIN_BLOCK ? block_loc (net, place)
                        : q->kind == RF_DEADLOCK_END_HOLDING || q->kind == RF_DEADLOCK_COND_MUTEXES
                        ? rf_net_get_place (net, place)->loc
                        : wait_loc (net, place, (guint) lp[(i + 1) % k]);
          RfDeadlockThread th = { st->thread, st->job, g_array_index (q->locks, guint, i), held ? step : 0,
                                  held ? at : RF_LOC_NONE, wanted, where };
          g_array_append_val (threads, th);
        }
      if (!found && (q->kind == RF_DEADLOCK_UNHELD || q->kind == RF_DEADLOCK_COND_MUTEXES))
        {
          /* a thread there that never moved (one started with the program, holding
           * nothing): the final marking has more tokens on the place than the named
           * threads left there; it gets the next number */
          guint named = 0;
          for (guint f = 0; f < il->final->len; f++)
            {
              const RfThreadState *st = &g_array_index (il->final, RfThreadState, f);
              named += !st->ended && st->place == place;
            }
          if (rf_marking_get (w->final, place) > named)
            {
              RfThreadState st = { il->final->len + 1, rf_net_get_place (net, place)->job, place, FALSE };
              g_array_append_val (il->final, st);
              guint wanted = g_array_index (q->locks, guint, (i + 1) % k);
              RfDeadlockThread th = { st.thread, st.job, g_array_index (q->locks, guint, i), 0, RF_LOC_NONE, wanted,
                                      q->kind == RF_DEADLOCK_UNHELD ? release_loc (net, place, (guint) lp[i])
                                                                    : rf_net_get_place (net, place)->loc };
              g_array_append_val (threads, th);
              found = TRUE;
            }
        }
      if (!found)
        {
          g_array_unref (threads);
          return FALSE;
        }
    }
  v->threads = threads;
  return TRUE;
}

/* Why the witness of a query of KIND shows nothing. Static. */
static const char *
unconfirmed_why (RfDeadlockKind kind)
{
  switch (kind)
    {
    case RF_DEADLOCK_UNHELD:
      return "a run reaches the unlock, but the thread there holds the mutex in it";
    case RF_DEADLOCK_SELF_JOIN:
      return "a run reaches the join, but the handle holds another thread there, or which one is not known";
    case RF_DEADLOCK_JOIN_DETACHED:
      return "a run reaches the join after a detach, but not of the thread the handle holds there, or which one "
             "is not known";
    default:
      return "a run reaches the place, but a thread there does not hold its mutex in it";
    }
}

RfDeadlockVerdict *
rf_deadlock_check (const RfProgram *prog, const RfNet *net, const RfDeadlockQuery *q, const RfCoverBudget *budget)
{
  RfDeadlockVerdict *v = g_new0 (RfDeadlockVerdict, 1);
  v->kind = q->kind;
  v->name = g_strdup (q->name);
  v->locks = g_array_copy (q->locks);
  v->status = RF_DEADLOCK_UNKNOWN;
  v->loc = q->loc;
  if (q->too_many)
    {
      v->why = g_strdup_printf ("more than %u combinations of places to check", RF_DEADLOCK_MAX_TARGETS);
      return v;
    }
  RfCoverBudget b = budget ? *budget : (RfCoverBudget) { 0 };
  b.progress_label = q->name;
  if (q->kind == RF_DEADLOCK_LOST_WAKEUP)
    {
      rf_deadlock_wakeup_check (net, q, &b, v);
      return v;
    }
  v->result = rf_cover_run (net, q->targets, &b);
  switch (v->result->verdict)
    {
    case RF_COVER_SAFE:
      v->status = RF_DEADLOCK_FREE;
      break;
    case RF_COVER_UNKNOWN:
      v->why = g_strdup (v->result->interrupted ? "interrupted" : "search budget exhausted");
      break;
    case RF_COVER_UNSAFE:
      {
        const RfWitness *w = v->result->witness;
        v->interleaving = rf_interleaving_new (net, w);
        gboolean join = q->kind == RF_DEADLOCK_SELF_JOIN || q->kind == RF_DEADLOCK_JOIN_DETACHED;
        if (join ? rf_deadlock_join_confirm (prog, net, q, w->target, v) : confirm (net, q, w->target, w, v))
          {
            v->status = RF_DEADLOCK_FOUND;
            v->loc = g_array_index (v->threads, RfDeadlockThread, 0).wait_loc;
          }
        else
          v->why = g_strdup (unconfirmed_why (q->kind));
      }
      break;
    }
  return v;
}

const char *
rf_deadlock_status_to_string (const RfDeadlockVerdict *v)
{
  switch (v->status)
    {
    case RF_DEADLOCK_FOUND: return kinds[v->kind].found;
    case RF_DEADLOCK_FREE: return kinds[v->kind].proved;
    case RF_DEADLOCK_UNKNOWN: break;
    }
  return "unknown";
}
