/* rf-deadlock-wakeup: lost wake-ups, shown only (see rf-deadlock.h).
 *
 * Approach. A thread waiting on a condition variable c (on a place that c's wake-ups
 * leave) or on a semaphore s (on a place every move of which takes a token of s) waits
 * for ever when c's signal place (s's place) is empty and no other thread can ever put a
 * token there: each other thread stands on a place from which neither its own moves nor
 * the threads it may create reach a transition that signals c (posts s). That last part
 * is read off the job types (a backward closure over the moves and the creations), an
 * over-approximation of who may still signal; so a state that passes it has no
 * continuation in the net that wakes the waiter, but a spurious wake-up.
 * Such states are searched for forward, breadth-first (rf-forward.h), from the initial
 * marking, with POSIX's semantics for condition variables, finer than the net's. The
 * net keeps a signal's token until some thread takes it, even one that starts waiting
 * later (no signal is ever lost there), and lets a broadcast wake any number of waiters
 * (none included). In POSIX a signal or broadcast wakes only threads waiting at the
 * time, and a broadcast wakes them all. So every marking reached is settled: c's signal
 * place keeps at most as many tokens as threads wait on c (a signal nobody waits for is
 * lost), and a broadcast's end (rf-netbuild's `broadcast c (end)`, leaving the place
 * where it makes wake-ups) is dropped unless there is a wake-up for every waiter.
 * Settling only drops tokens and firings, so the run found is a run of the net (firing
 * is monotonic), and of the program up to the data the model abstracts.
 * Data is where this could guess: a wait guarded by a test the model does not follow
 * (`while (!ready) pthread_cond_wait (&c, &m);` with `ready` no value variable) is
 * reached in the model after the signal that made the test false. So a run is shown
 * only when the waiting thread made no choice since it last took the wait's mutex (for
 * a semaphore: since its last take of it, or its start): at each of its steps there, no
 * other move of its place that leads elsewhere was enabled; and when no other thread
 * gave up signalling by a choice (leaving a loop that posts, creating no further
 * signaller): at no step of it was another move enabled after which it could still
 * signal, when after its own it could not. A test the model follows exactly (a value
 * variable's place) leaves one move enabled. Otherwise nothing is said: the verdict is
 * unknown, and the driver drops it (RfDeadlockKindInfo.shown_only). */

#include "rf-deadlock-private.h"

#include <string.h>

#include "rf-forward.h"

static gint
compare_u64 (gconstpointer a, gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;
  return (x > y) - (x < y);
}

static void
garray_unref0 (gpointer a)
{
  if (a)
    g_array_unref (a);
}

/* Wakeup: what a search for one variable knows. Invariant: var_place is the signal place
 * of a condition variable (cond) or a semaphore's place; is_wait[p] marks the places
 * where a thread waits on it (the query's places); can_make[p] that a thread on control
 * place p may still, by its moves or the threads it creates, put a token on var_place;
 * signal_places, signal_waits: for each signal place of the net (ascending), its waiting
 * places (GArray of guint), for rf_forward's settle hook; bcast_end: transition + 1 ->
 * index + 1 into signal_places of the condition variable whose broadcast it ends;
 * bcast_wake: transition + 1 of each broadcast's wake-up (no choice of its thread: the
 * broadcast ends only once it has woken every waiter).
 * found_wait: the waiting place of the marking the probe accepted. */
typedef struct {
  const RfNet *net;
  guint var_place;
  gboolean cond;
  gboolean *is_wait;
  gboolean *can_make;
  GArray *signal_places;
  GPtrArray *signal_waits;
  GHashTable *bcast_end;
  GHashTable *bcast_wake;
  gint found_wait;
} Wakeup;

/* The waiting places of every signal and semaphore place of NET, by place (GArray of
 * guint, ascending, or NULL for another place or one nobody waits on): for a signal
 * place, the places its wake-ups leave (each transition taking it from a thread's
 * place); for a semaphore, the places every move of which takes it (a blocking take: no
 * other way on). One pass over the transitions. */
static GPtrArray *
waiting_places (const RfNet *net)
{
  guint np = rf_net_n_places (net), nt = rf_net_n_transitions (net);
  g_autofree guint *out_all = g_new0 (guint, MAX (np, 1));
  /* (x, p, 1) per transition from p taking x: counted per (x, p) below */
  g_autoptr (GArray) pairs = g_array_new (FALSE, FALSE, sizeof (guint64));
  for (guint ti = 0; ti < nt; ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (t->pc_from < 0)
        continue;
      out_all[t->pc_from]++;
      for (guint i = 0; i < t->n_pre; i++)
        {
          RfPlaceKind k = rf_net_get_place (net, t->pre[i].place)->kind;
          if (k == RF_PLACE_SIGNAL || (k == RF_PLACE_SEM && t->blocks))
            {
              guint64 pair = ((guint64) t->pre[i].place << 32) | (guint) t->pc_from;
              g_array_append_val (pairs, pair);
            }
        }
    }
  g_array_sort (pairs, compare_u64);
  GPtrArray *waits = g_ptr_array_new_full (np, (GDestroyNotify) garray_unref0);
  g_ptr_array_set_size (waits, np);
  for (guint i = 0; i < pairs->len;)
    {
      guint64 pair = g_array_index (pairs, guint64, i);
      guint n = 0;
      for (; i < pairs->len && g_array_index (pairs, guint64, i) == pair; i++)
        n++;
      guint x = (guint) (pair >> 32), p = (guint) pair;
      if (rf_net_get_place (net, x)->kind == RF_PLACE_SEM && n != out_all[p])
        continue;  /* the thread has another way on */
      GArray *w = g_ptr_array_index (waits, x);
      if (!w)
        g_ptr_array_index (waits, x) = w = g_array_new (FALSE, FALSE, sizeof (guint));
      g_array_append_val (w, p);
    }
  return waits;
}

void
rf_deadlock_wakeup_queries (const RfProgram *prog, const RfNet *net, GPtrArray *out)
{
  guint np = rf_net_n_places (net);
  const gboolean *omega = rf_net_peek_omega (net);
  for (guint p = 0; p < np; p++)
    if (omega[p])
      return;  /* threads start at any time: one may always come and signal */
  g_autoptr (GPtrArray) all = waiting_places (net);
  for (guint x = 0; x < np; x++)
    {
      const RfPlace *pl = rf_net_get_place (net, x);
      if ((pl->kind != RF_PLACE_SIGNAL && pl->kind != RF_PLACE_SEM) || pl->var < 0)
        continue;
      const RfVar *var = rf_program_get_var (prog, (guint) pl->var);
      if (strchr (var->name, '$'))
        continue;  /* the model's own: a join's exited$t, pthread_once's done$o, ... */
      GArray *waits = g_ptr_array_index (all, x);
      if (!waits)
        continue;
      RfDeadlockQuery *q = g_new0 (RfDeadlockQuery, 1);
      q->kind = RF_DEADLOCK_LOST_WAKEUP;
      q->name = g_strdup (var->name);
      q->loc = rf_net_get_place (net, g_array_index (waits, guint, 0))->loc;
      q->locks = g_array_new (FALSE, FALSE, sizeof (guint));
      guint v = (guint) pl->var;
      g_array_append_val (q->locks, v);
      q->targets = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref);
      q->places = g_array_copy (waits);
      for (guint i = 0; i < waits->len; i++)
        {
          RfToken tok = { g_array_index (waits, guint, i), 1 };
          g_ptr_array_add (q->targets, rf_marking_new (&tok, 1));
        }
      g_ptr_array_add (out, q);
    }
}

/* can_make[p] for every control place p: a thread there may still put a token on X
 * (see Wakeup), by a backward closure from the transitions that do, over the moves
 * (pc_from -> pc_to) and the creations (pc_from -> spawn). */
static gboolean *
may_still_make (const RfNet *net, guint x)
{
  guint np = rf_net_n_places (net), nt = rf_net_n_transitions (net);
  gboolean *can = g_new0 (gboolean, MAX (np, 1));
  /* into[q]: the transitions that lead a thread (or a new one) to q, as a CSR index */
  g_autofree guint *start = g_new0 (guint, np + 1);
  for (guint ti = 0; ti < nt; ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (t->pc_from < 0)
        continue;
      if (t->pc_to >= 0)
        start[t->pc_to + 1]++;
      if (t->spawn >= 0)
        start[t->spawn + 1]++;
    }
  for (guint p = 0; p < np; p++)
    start[p + 1] += start[p];
  g_autofree guint *fill = g_memdup2 (start, (np + 1) * sizeof (guint));
  g_autofree guint *into = g_new (guint, MAX (start[np], 1));
  g_autoptr (GArray) work = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint ti = 0; ti < nt; ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (t->pc_from < 0)
        continue;
      if (t->pc_to >= 0)
        into[fill[t->pc_to]++] = ti;
      if (t->spawn >= 0)
        into[fill[t->spawn]++] = ti;
      for (guint i = 0; i < t->n_post; i++)
        if (t->post[i].place == x && !can[t->pc_from])
          {
            can[t->pc_from] = TRUE;
            guint p = (guint) t->pc_from;
            g_array_append_val (work, p);
          }
    }
  while (work->len > 0)
    {
      guint q = g_array_index (work, guint, work->len - 1);
      g_array_set_size (work, work->len - 1);
      for (guint k = start[q]; k < start[q + 1]; k++)
        {
          guint p = (guint) rf_net_get_transition (net, into[k])->pc_from;
          if (!can[p])
            {
              can[p] = TRUE;
              g_array_append_val (work, p);
            }
        }
    }
  return can;
}

/* How many threads wait on the condition variable of signal place number I in M. */
static guint32
n_waiting (const Wakeup *wk, const RfMarking *m, guint i)
{
  GArray *waits = g_ptr_array_index (wk->signal_waits, i);
  guint32 n = 0;
  for (guint k = 0; k < waits->len; k++)
    n += rf_marking_get (m, g_array_index (waits, guint, k));
  return n;
}

/* Settles M, reached by firing T (rf_forward's hook; see the approach): each signal
 * place keeps at most as many tokens as threads wait on its condition variable, and a
 * broadcast ends only with a wake-up for each of them. */
static RfMarking *
settle (RfMarking *m, guint t, gpointer data)
{
  Wakeup *wk = data;
  gint b = GPOINTER_TO_INT (g_hash_table_lookup (wk->bcast_end, GUINT_TO_POINTER (t + 1))) - 1;
  if (b >= 0 && rf_marking_get (m, g_array_index (wk->signal_places, guint, b)) < n_waiting (wk, m, (guint) b))
    {
      rf_marking_unref (m);
      return NULL;
    }
  g_autoptr (GArray) tokens = NULL;
  for (guint i = 0; i < wk->signal_places->len; i++)
    {
      guint sp = g_array_index (wk->signal_places, guint, i);
      guint32 have = rf_marking_get (m, sp), cap = have > 0 ? n_waiting (wk, m, i) : 0;
      if (have <= cap)
        continue;
      if (!tokens)
        tokens = g_array_new (FALSE, FALSE, sizeof (RfToken));
      RfToken tok = { sp, cap };
      g_array_append_val (tokens, tok);  /* the new counts, ascending by place */
    }
  if (!tokens)
    return m;
  g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (RfToken));
  for (guint i = 0, d = 0; i < m->n; i++)
    {
      RfToken tok = m->e[i];
      while (d < tokens->len && g_array_index (tokens, RfToken, d).place < tok.place)
        d++;
      if (d < tokens->len && g_array_index (tokens, RfToken, d).place == tok.place)
        tok.count = g_array_index (tokens, RfToken, d).count;
      if (tok.count > 0)
        g_array_append_val (out, tok);
    }
  rf_marking_unref (m);
  return rf_marking_new ((RfToken *) out->data, out->len);
}

/* bcast_end (see Wakeup): a broadcast of c makes its wake-ups on a place with a move to
 * itself that signals c; the other moves from there end it. INDEX: place -> index + 1
 * into signal_places, or 0. The wake-ups themselves are added to WAKE. */
static GHashTable *
broadcast_ends (const RfNet *net, const guint *index, GHashTable *wake)
{
  GHashTable *ends = g_hash_table_new (NULL, NULL);
  guint nt = rf_net_n_transitions (net);
  g_autoptr (GHashTable) waking = g_hash_table_new (NULL, NULL);  /* place + 1 -> index + 1 */
  for (guint ti = 0; ti < nt; ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (t->pc_from < 0 || t->pc_from != t->pc_to)
        continue;
      for (guint i = 0; i < t->n_post; i++)
        if (index[t->post[i].place])
          {
            g_hash_table_insert (waking, GINT_TO_POINTER (t->pc_from + 1), GUINT_TO_POINTER (index[t->post[i].place]));
            g_hash_table_add (wake, GUINT_TO_POINTER (ti + 1));
          }
    }
  for (guint ti = 0; ti < nt && g_hash_table_size (waking) > 0; ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      gpointer k = t->pc_from >= 0 && t->pc_to != t->pc_from
                   ? g_hash_table_lookup (waking, GINT_TO_POINTER (t->pc_from + 1)) : NULL;
      if (k)
        g_hash_table_insert (ends, GUINT_TO_POINTER (ti + 1), k);
    }
  return ends;
}

/* The probe: M leaves a thread on a waiting place with the variable's place empty and
 * every other thread on a place from which it cannot make a token for it any more. */
static gboolean
stuck (const RfMarking *m, gpointer data)
{
  Wakeup *wk = data;
  if (rf_marking_get (m, wk->var_place) > 0)
    return FALSE;
  gint wait = -1;
  for (guint i = 0; i < m->n && wait < 0; i++)
    if (wk->is_wait[m->e[i].place])
      wait = (gint) m->e[i].place;
  if (wait < 0)
    return FALSE;
  for (guint i = 0; i < m->n; i++)
    {
      guint p = m->e[i].place;
      guint32 others = m->e[i].count - (p == (guint) wait ? 1 : 0);
      if (others > 0 && wk->can_make[p])
        return FALSE;
    }
  wk->found_wait = wait;
  return TRUE;
}

/* Whether transition T is enabled in M. */
static gboolean
enabled (const RfMarking *m, const RfTransition *t)
{
  for (guint i = 0; i < t->n_pre; i++)
    if (rf_marking_get (m, t->pre[i].place) < t->pre[i].count)
      return FALSE;
  return TRUE;
}

/* Whether a thread may still make a token for the variable after firing T (from where
 * T leaves it, or in the thread T creates). */
static gboolean
may_make_after (const Wakeup *wk, const RfTransition *t)
{
  return (t->pc_to >= 0 && wk->can_make[t->pc_to]) || (t->spawn >= 0 && wk->can_make[t->spawn]);
}

/* Whether the run W (interleaving IL) guesses no data (see the approach): the waiting
 * thread THREAD made no choice since its last step that took LOOK_FROM's token (a mutex,
 * or the semaphore; all of its steps when it took none): at each of its steps there, no
 * other move from its place, enabled in the settled marking, leads elsewhere; and no
 * other thread gave up signalling by a choice: at no step of it was another move enabled
 * after which it (or a thread it creates) could still signal, when after the move it
 * made it could not. */
static gboolean
forced (Wakeup *wk, const RfWitness *w, const RfInterleaving *il, guint thread, guint look_from)
{
  const RfNet *net = wk->net;
  guint first = 0;
  for (guint s = 0; s < il->steps->len; s++)
    {
      const RfThreadStep *ts = &g_array_index (il->steps, RfThreadStep, s);
      const RfTransition *t = rf_net_get_transition (net, ts->transition);
      for (guint i = 0; ts->thread == thread && i < t->n_pre; i++)
        if (t->pre[i].place == look_from)
          first = s + 1;
    }
  /* the moves from each place a thread of the run leaves */
  g_autoptr (GHashTable) moves = g_hash_table_new_full (NULL, NULL, NULL, garray_unref0);
  for (guint s = 0; s < il->steps->len; s++)
    {
      gint from = rf_net_get_transition (net, g_array_index (il->steps, RfThreadStep, s).transition)->pc_from;
      if (from >= 0 && !g_hash_table_contains (moves, GINT_TO_POINTER (from + 1)))
        g_hash_table_insert (moves, GINT_TO_POINTER (from + 1), NULL);
    }
  for (guint ti = 0; ti < rf_net_n_transitions (net); ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      gpointer key = GINT_TO_POINTER (t->pc_from + 1);
      if (t->pc_from < 0 || !g_hash_table_contains (moves, key))
        continue;
      GArray *a = g_hash_table_lookup (moves, key);
      if (!a)
        g_hash_table_insert (moves, key, a = g_array_new (FALSE, FALSE, sizeof (guint)));
      g_array_append_val (a, ti);
    }
  RfMarking *m = rf_marking_ref (w->initial);
  gboolean ok = TRUE;
  for (guint s = 0; s < il->steps->len && ok; s++)
    {
      const RfThreadStep *ts = &g_array_index (il->steps, RfThreadStep, s);
      const RfTransition *t = rf_net_get_transition (net, ts->transition);
      gboolean waiter = ts->thread == thread;
      if (t->pc_from >= 0 && (!waiter || s >= first) && (waiter || !may_make_after (wk, t)))
        {
          GArray *alt = g_hash_table_lookup (moves, GINT_TO_POINTER (t->pc_from + 1));
          for (guint k = 0; alt && k < alt->len && ok; k++)
            {
              guint ui = g_array_index (alt, guint, k);
              const RfTransition *u = rf_net_get_transition (net, ui);
              if (u != t && (u->pc_to != t->pc_to || u->spawn != t->spawn) && enabled (m, u)
                  && !g_hash_table_contains (wk->bcast_wake, GUINT_TO_POINTER (ui + 1))
                  && (waiter || may_make_after (wk, u)))
                ok = FALSE;
            }
        }
      /* fire t, then settle: the search's own semantics */
      g_autoptr (GArray) tokens = g_array_new (FALSE, FALSE, sizeof (RfToken));
      for (guint i = 0; i < m->n; i++)
        {
          RfToken tok = m->e[i];
          for (guint k = 0; k < t->n_pre; k++)
            if (t->pre[k].place == tok.place)
              tok.count -= t->pre[k].count;
          for (guint k = 0; k < t->n_resets; k++)
            if (t->resets[k] == tok.place)
              tok.count = 0;
          if (tok.count > 0)
            g_array_append_val (tokens, tok);
        }
      g_array_append_vals (tokens, t->post, t->n_post);
      rf_marking_unref (m);
      m = settle (rf_marking_new ((RfToken *) tokens->data, tokens->len), ts->transition, wk);
      g_assert (m != NULL);   /* the search fired the same steps */
    }
  rf_marking_unref (m);
  return ok;
}

/* The last step of IL that signalled the condition variable (a signal, or a broadcast's
 * end) while no thread waited on it (a lost signal), as a 1-based step with its
 * location; 0 when none (and for a semaphore, whose posts are never lost). */
static guint
lost_signal (Wakeup *wk, const RfInterleaving *il, RfLoc *loc)
{
  guint lost = 0;
  *loc = RF_LOC_NONE;
  /* the index + 1 of the variable among the signal places (bcast_end's values) */
  guint me = 0;
  for (guint i = 0; i < wk->signal_places->len && !me; i++)
    if (g_array_index (wk->signal_places, guint, i) == wk->var_place)
      me = i + 1;
  /* threads standing on a waiting place of the variable, step by step */
  guint waiting = 0;
  for (guint s = 0; s < il->steps->len; s++)
    {
      guint ti = g_array_index (il->steps, RfThreadStep, s).transition;
      const RfTransition *t = rf_net_get_transition (wk->net, ti);
      if (t->pc_from >= 0 && wk->is_wait[t->pc_from] && waiting > 0)
        waiting--;
      /* a signal, or the end of a broadcast (which woke nobody when nobody waited) */
      gboolean makes = me && GPOINTER_TO_UINT (g_hash_table_lookup (wk->bcast_end, GUINT_TO_POINTER (ti + 1))) == me;
      for (guint i = 0; i < t->n_post; i++)
        makes |= t->post[i].place == wk->var_place;
      if (makes && waiting == 0)
        lost = s + 1, *loc = t->loc;
      if (t->pc_to >= 0 && wk->is_wait[t->pc_to])
        waiting++;
    }
  return wk->cond ? lost : 0;
}

void
rf_deadlock_wakeup_check (const RfNet *net, const RfDeadlockQuery *q, const RfCoverBudget *budget,
                          RfDeadlockVerdict *v)
{
  guint np = rf_net_n_places (net);
  gint x = -1;
  guint var = g_array_index (q->locks, guint, 0);
  for (guint p = 0; p < np && x < 0; p++)
    {
      const RfPlace *pl = rf_net_get_place (net, p);
      if ((pl->kind == RF_PLACE_SIGNAL || pl->kind == RF_PLACE_SEM) && pl->var == (gint) var)
        x = (gint) p;
    }
  if (x < 0)
    {
      v->why = g_strdup ("the variable has no place in the net");
      return;
    }
  Wakeup wk = { net, (guint) x, rf_net_get_place (net, (guint) x)->kind == RF_PLACE_SIGNAL, NULL, NULL, NULL,
                NULL, NULL, NULL, -1 };
  wk.is_wait = g_new0 (gboolean, np);
  for (guint i = 0; i < q->places->len; i++)
    wk.is_wait[g_array_index (q->places, guint, i)] = TRUE;
  wk.can_make = may_still_make (net, (guint) x);
  wk.signal_places = g_array_new (FALSE, FALSE, sizeof (guint));
  wk.signal_waits = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr (GPtrArray) all = waiting_places (net);
  g_autofree guint *index = g_new0 (guint, MAX (np, 1));
  for (guint p = 0; p < np; p++)
    if (rf_net_get_place (net, p)->kind == RF_PLACE_SIGNAL)
      {
        GArray *waits = g_ptr_array_index (all, p);
        g_array_append_val (wk.signal_places, p);
        g_ptr_array_add (wk.signal_waits, waits ? g_array_ref (waits) : g_array_new (FALSE, FALSE, sizeof (guint)));
        index[p] = wk.signal_places->len;
      }
  wk.bcast_wake = g_hash_table_new (NULL, NULL);
  wk.bcast_end = broadcast_ends (net, index, wk.bcast_wake);

  g_autoptr (GPtrArray) none = g_ptr_array_new ();
  g_autoptr (RfForward) fw = rf_forward_new (net, none, 0, RF_WAKEUP_MAX_STATES);
  rf_forward_set_settle (fw, settle, &wk);
  rf_forward_set_probe (fw, stuck, &wk);
  gint64 t0 = rf_cover_cpu_time_us ();
  RfForwardState st = RF_FORWARD_RUNNING;
  while (st == RF_FORWARD_RUNNING)
    {
      if (rf_cover_budget_cancelled (budget) || rf_cover_budget_spent (budget)
          || (budget->timeout_s > 0 && rf_cover_cpu_time_us () - t0 > budget->timeout_s * 1e6))
        break;
      st = rf_forward_step (fw, 4096);
    }
  if (st == RF_FORWARD_FOUND)
    {
      g_autoptr (RfWitness) w = rf_forward_witness (fw);
      RfInterleaving *il = rf_interleaving_new (net, w);
      /* the waiter: a thread the run leaves on the waiting place, which made no choice
       * since it took the wait's mutex (the one its last step gave back) or the
       * semaphore */
      for (guint f = 0; f < il->final->len && v->status != RF_DEADLOCK_FOUND; f++)
        {
          const RfThreadState *ts = &g_array_index (il->final, RfThreadState, f);
          if (ts->ended || ts->place != (guint) wk.found_wait)
            continue;
          guint look_from = (guint) x;
          for (guint s = il->steps->len; wk.cond && s-- > 0;)
            {
              const RfThreadStep *step = &g_array_index (il->steps, RfThreadStep, s);
              if (step->thread != ts->thread)
                continue;
              const RfTransition *t = rf_net_get_transition (net, step->transition);
              for (guint i = 0; i < t->n_post; i++)
                if (rf_net_get_place (net, t->post[i].place)->kind == RF_PLACE_LOCK)
                  look_from = t->post[i].place;
              break;
            }
          if (!forced (&wk, w, il, ts->thread, look_from))
            continue;
          RfDeadlockThread th = { ts->thread, ts->job, var, 0, RF_LOC_NONE, var,
                                  rf_net_get_place (net, ts->place)->loc, 0, RF_LOC_NONE };
          th.lost_step = lost_signal (&wk, il, &th.lost_loc);
          v->threads = g_array_new (FALSE, FALSE, sizeof (RfDeadlockThread));
          g_array_append_val (v->threads, th);
          v->status = RF_DEADLOCK_FOUND;
          v->loc = th.wait_loc;
        }
      if (v->status == RF_DEADLOCK_FOUND)
        v->interleaving = il;
      else
        {
          rf_interleaving_free (il);
          v->why = g_strdup ("a run leaves a thread waiting, but it rests on a choice the model does not follow "
                             "(a test, a loop's count)");
        }
    }
  else
    v->why = g_strdup (st == RF_FORWARD_EXHAUSTED ? "no run leaves a thread waiting with nobody left to wake it"
                       : "no run found within the search's bound");
  g_free (wk.is_wait);
  g_free (wk.can_make);
  g_array_unref (wk.signal_places);
  g_ptr_array_unref (wk.signal_waits);
  g_hash_table_unref (wk.bcast_end);
  g_hash_table_unref (wk.bcast_wake);
}
