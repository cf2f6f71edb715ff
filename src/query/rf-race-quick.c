/* rf-race-quick: cheap sound proofs of race-freedom, from the net's structure.
 *
 * Approach. The race query of data var v asks whether two threads can stand on
 * access places of v at once, one of them writing (rf-race.c). Such a pair (a, b) of
 * places is *excluded* when no reachable marking puts a thread on a and another on b;
 * v is proved when every pair with a write is excluded, by one of these facts about
 * every reachable marking M:
 *  - one thread: a job J whose control places hold at most one token (no omega there,
 *    at most one initially, and every transition puts on J's places at most what it
 *    takes from them): a and b both J's places cannot hold two tokens;
 *  - alone: for such a J with its thread there from the start (main), and a job K,
 *    a region S of J's places with the inductive invariant "M(S) >= 1 implies no
 *    token on K's places" (region_compute); a on S and b K's (or J's own) place is
 *    excluded. S is what main runs before it creates a K thread, and what follows a
 *    join of all K threads (a transition emptying every K place);
 *  - lock: a checked P-invariant (rf_net_check_invariants: a lock place plus the places
 *    where the lock is held) whose weights on a and b add up to more than its total;
 *  - rwlock: a read-write lock claim excludes the pair (rf_net_rwlock_excludes).
 * The query's targets are these pairs when rf_race_targets says so (an rwlock claim
 * excludes a pair, or a reset empties an access place); otherwise they are {Write*2}
 * and {Read, Write}, and the pairs say the same only while every Read or Write token
 * belongs to a thread on an access place: the bounds M(Read)+M(Write) <= M(A) and
 * M(Write) <= M(A_write) (A: v's access places; A_write: those a write reaches),
 * checked here transition by transition (var_bounded). A var whose bounds fail is
 * left to the search. */
#include "rf-race-quick.h"

/* Singleton job sets K for the region of "alone" while the net has at most this many
 * jobs (one region per pair of jobs); past it one region for "every other job". */
#define QUICK_MAX_JOBS 63
#define ALL_OTHERS ((guint64) 1 << 63)
/* Past this many access places a var is left to the search (the pairs are checked
 * one by one). */
#define QUICK_MAX_ACCESS_PLACES 4096

/* WeightEntry: invariant INV gives its place weight W. */
typedef struct {
  guint inv;
  guint32 w;
} WeightEntry;

/* RfRaceQuick. Invariant: acc[acc_start[v] .. acc_start[v+1]) are var v's access
 * places in place order, v < nv; unbounded[v] / emptied[v] as var_bounded and
 * rf_race_targets define them; single[j]: job j holds at most one token; alone[p]
 * (a place of a single job J): bit k set when S_{J,{k}} holds p, ALL_OTHERS when
 * S_{J,all others} does; weights[w_start[p] .. w_start[p+1]) the checked invariants
 * weighting place p, in invariant order. */
struct _RfRaceQuick {
  const RfNet *net;
  guint nv;
  guint *acc_start;
  RfAccessPlace *acc;
  gboolean *unbounded;
  gboolean *emptied;
  gboolean *single;
  guint64 *alone;
  GPtrArray *invariants;   /* RfInvariant*, owned */
  guint *w_start;
  WeightEntry *weights;
};

const char *
rf_race_proof_kind_name (RfRaceProof flag)
{
  switch (flag)
    {
    case RF_RACE_PROOF_SEARCH: return "search";
    case RF_RACE_PROOF_READ_ONLY: return "read-only";
    case RF_RACE_PROOF_ONE_THREAD: return "one-thread";
    case RF_RACE_PROOF_ALONE: return "alone";
    case RF_RACE_PROOF_LOCK: return "lock";
    case RF_RACE_PROOF_RWLOCK: return "rwlock";
    }
  return NULL;
}

/* A GPtrArray free function for arrays that may hold NULL. */
static void
array_unref0 (gpointer a)
{
  if (a)
    g_array_unref (a);
}

/* Triple: place P is an access place of VAR, reached by a write when WRITE. */
typedef struct {
  guint var;
  guint place;
  gboolean write;
} Triple;

static gint
triple_cmp (gconstpointer a, gconstpointer b)
{
  const Triple *x = a, *y = b;
  if (x->var != y->var)
    return x->var < y->var ? -1 : 1;
  return x->place < y->place ? -1 : x->place > y->place;
}

/* Every access place of every data var (of data var ONLY when it is >= 0), sorted by
 * var then place, one entry per pair (write: some transition reaching it begins a
 * write). *NV: one past the largest var of a Read or Write place. */
static GArray *
collect_triples (const RfNet *net, gint only, guint *nv)
{
  g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (Triple));
  *nv = 0;
  for (guint p = 0; p < rf_net_n_places (net); p++)
    {
      const RfPlace *pl = rf_net_get_place (net, p);
      if ((pl->kind == RF_PLACE_READ || pl->kind == RF_PLACE_WRITE) && pl->var >= 0)
        *nv = MAX (*nv, (guint) pl->var + 1);
    }
  for (guint ti = 0; ti < rf_net_n_transitions (net); ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      for (guint i = 0; i < t->n_post && t->pc_to >= 0; i++)
        {
          const RfPlace *pl = rf_net_get_place (net, t->post[i].place);
          if ((pl->kind == RF_PLACE_READ || pl->kind == RF_PLACE_WRITE) && pl->var >= 0
              && (only < 0 || pl->var == only))
            {
              Triple tr = { (guint) pl->var, (guint) t->pc_to, pl->kind == RF_PLACE_WRITE };
              g_array_append_val (all, tr);
            }
        }
    }
  g_array_sort (all, triple_cmp);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (Triple));
  for (guint i = 0; i < all->len; i++)
    {
      const Triple *tr = &g_array_index (all, Triple, i);
      Triple *last = out->len ? &g_array_index (out, Triple, out->len - 1) : NULL;
      if (last && last->var == tr->var && last->place == tr->place)
        last->write |= tr->write;
      else
        g_array_append_val (out, *tr);
    }
  return out;
}

GArray *
rf_race_access_places (const RfNet *net, guint var)
{
  guint nv;
  g_autoptr (GArray) triples = collect_triples (net, (gint) var, &nv);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (RfAccessPlace));
  for (guint i = 0; i < triples->len; i++)
    {
      const Triple *tr = &g_array_index (triples, Triple, i);
      RfAccessPlace a = { tr->place, tr->write };
      g_array_append_val (out, a);
    }
  return out;
}

/* Delta: how transition t changes var's Read+Write tokens (rw), Write tokens (w), and
 * tokens on its access places (a) and write access places (aw). */
typedef struct {
  guint var;
  gint64 rw, w, a, aw;
} Delta;

static Delta *
delta_for (GArray *ds, guint var)
{
  for (guint i = 0; i < ds->len; i++)
    if (g_array_index (ds, Delta, i).var == var)
      return &g_array_index (ds, Delta, i);
  Delta d = { var, 0, 0, 0, 0 };
  g_array_append_val (ds, d);
  return &g_array_index (ds, Delta, ds->len - 1);
}

/* Adds SIGN * the tokens E[0..N) to the deltas DS: Read/Write places by their kind,
 * access places by PV (per place, its Triples by var). */
static void
add_tokens (const RfNet *net, GPtrArray *pv, const RfToken *e, guint n, gint sign, GArray *ds)
{
  for (guint i = 0; i < n; i++)
    {
      const RfPlace *pl = rf_net_get_place (net, e[i].place);
      gint64 c = sign * (gint64) e[i].count;
      if ((pl->kind == RF_PLACE_READ || pl->kind == RF_PLACE_WRITE) && pl->var >= 0)
        {
          Delta *d = delta_for (ds, (guint) pl->var);
          d->rw += c;
          if (pl->kind == RF_PLACE_WRITE)
            d->w += c;
        }
      GArray *vars = g_ptr_array_index (pv, e[i].place);
      for (guint k = 0; vars && k < vars->len; k++)
        {
          const Triple *tr = &g_array_index (vars, Triple, k);
          Delta *d = delta_for (ds, tr->var);
          d->a += c;
          if (tr->write)
            d->aw += c;
        }
    }
}

/* Sets q->unbounded[v] for each var whose bounds M(Read)+M(Write) <= M(A) and
 * M(Write) <= M(A_write) some transition can break (puts more on the left than on the
 * right; a reset of a Read or Write place only lowers the left), or that the initial
 * marking breaks (a token or omega on Read or Write); and q->emptied[v] when some
 * transition resets an access place of v. */
static void
var_bounded (RfRaceQuick *q, GArray *triples)
{
  const RfNet *net = q->net;
  guint np = rf_net_n_places (net);
  g_autoptr (GPtrArray) pv = g_ptr_array_new_with_free_func (array_unref0);
  g_ptr_array_set_size (pv, np);
  for (guint i = 0; i < triples->len; i++)
    {
      const Triple *tr = &g_array_index (triples, Triple, i);
      if (!g_ptr_array_index (pv, tr->place))
        g_ptr_array_index (pv, tr->place) = g_array_new (FALSE, FALSE, sizeof (Triple));
      g_array_append_val (g_ptr_array_index (pv, tr->place), *tr);
    }
  const guint32 *init = rf_net_peek_initial (net);
  const gboolean *omega = rf_net_peek_omega (net);
  for (guint p = 0; p < np; p++)
    {
      const RfPlace *pl = rf_net_get_place (net, p);
      if ((pl->kind == RF_PLACE_READ || pl->kind == RF_PLACE_WRITE) && pl->var >= 0 && (init[p] || omega[p]))
        q->unbounded[pl->var] = TRUE;
    }
  g_autoptr (GArray) ds = g_array_new (FALSE, FALSE, sizeof (Delta));
  for (guint ti = 0; ti < rf_net_n_transitions (net); ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      g_array_set_size (ds, 0);
      add_tokens (net, pv, t->post, t->n_post, 1, ds);
      add_tokens (net, pv, t->pre, t->n_pre, -1, ds);
      for (guint i = 0; i < ds->len; i++)
        {
          const Delta *d = &g_array_index (ds, Delta, i);
          if (d->rw > d->a || d->w > d->aw)
            q->unbounded[d->var] = TRUE;
        }
      for (guint i = 0; i < t->n_resets; i++)
        {
          GArray *vars = g_ptr_array_index (pv, t->resets[i]);
          for (guint k = 0; vars && k < vars->len; k++)
            q->emptied[g_array_index (vars, Triple, k).var] = TRUE;
        }
    }
}

/* Tokens the vector E[0..N) has on control places of job J. */
static guint64
job_tokens (const RfNet *net, const RfToken *e, guint n, gint j)
{
  guint64 c = 0;
  for (guint i = 0; i < n; i++)
    {
      const RfPlace *pl = rf_net_get_place (net, e[i].place);
      if (pl->kind == RF_PLACE_CONTROL && pl->job == j)
        c += e[i].count;
    }
  return c;
}

/* Sets q->single[j] for each job whose control places hold at most one token in every
 * reachable marking: at most one initially, no omega, and no transition puts more
 * tokens on them than it takes (a reset only takes more). */
static void
find_single (RfRaceQuick *q)
{
  const RfNet *net = q->net;
  guint nj = rf_net_n_jobs (net);
  g_autofree guint64 *init = g_new0 (guint64, MAX (nj, 1));
  const guint32 *m0 = rf_net_peek_initial (net);
  const gboolean *omega = rf_net_peek_omega (net);
  for (guint j = 0; j < nj; j++)
    q->single[j] = TRUE;
  for (guint p = 0; p < rf_net_n_places (net); p++)
    {
      const RfPlace *pl = rf_net_get_place (net, p);
      if (pl->kind != RF_PLACE_CONTROL || pl->job < 0 || (guint) pl->job >= nj)
        continue;
      init[pl->job] += m0[p];
      if (omega[p])
        q->single[pl->job] = FALSE;
    }
  for (guint j = 0; j < nj; j++)
    q->single[j] &= init[j] <= 1;
  for (guint ti = 0; ti < rf_net_n_transitions (net); ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      for (guint i = 0; i < t->n_post; i++)
        {
          const RfPlace *pl = rf_net_get_place (net, t->post[i].place);
          if (pl->kind == RF_PLACE_CONTROL && pl->job >= 0 && (guint) pl->job < nj && q->single[pl->job]
              && job_tokens (net, t->post, t->n_post, pl->job) > job_tokens (net, t->pre, t->n_pre, pl->job))
            q->single[pl->job] = FALSE;
        }
    }
}

/* Region: the state of one computation of S_{J,K}. in_k[p]: p is a control place of
 * a job in K; in_s[p]: p is still in S (only J's places ever are). */
typedef struct {
  const RfNet *net;
  gint j;
  const gboolean *in_k;
  guint n_k;            /* how many places are in K */
  gboolean *in_s;
  GQueue work;          /* places removed from S whose consumers are to be looked at again */
} Region;

static gboolean
is_j (const Region *r, guint p)
{
  const RfPlace *pl = rf_net_get_place (r->net, p);
  return pl->kind == RF_PLACE_CONTROL && pl->job == r->j;
}

static void
region_remove (Region *r, guint p)
{
  if (r->in_s[p])
    {
      r->in_s[p] = FALSE;
      g_queue_push_tail (&r->work, GUINT_TO_POINTER (p));
    }
}

/* Removes from S what transition T forces out; FALSE when no S can do (a thread of K
 * can appear whatever J does). With at most one J token, and M(S) >= 1 implying no
 * K token (the invariant):
 *  - T can fire while J is on S only with no K place and no J place off S among its
 *    inputs; if it then puts a K token, J must leave S (a J input on S, no J output
 *    on S); with no J input at all, J stays where it was: no S works;
 *  - T puts J on S from a marking with J off S only when it takes no J input on S;
 *    then K must be empty after it: T resets every K place and puts none. */
static gboolean
region_visit (Region *r, const RfTransition *t)
{
  gboolean pre_s = FALSE, pre_out = FALSE, pre_k = FALSE, post_k = FALSE;
  for (guint i = 0; i < t->n_pre; i++)
    {
      guint p = t->pre[i].place;
      pre_k |= r->in_k[p];
      if (is_j (r, p))
        {
          pre_s |= r->in_s[p];
          pre_out |= !r->in_s[p];
        }
    }
  for (guint i = 0; i < t->n_post; i++)
    post_k |= r->in_k[t->post[i].place];
  if (post_k && !pre_k && !pre_out)
    {
      if (!pre_s)
        return FALSE;
      for (guint i = 0; i < t->n_post; i++)
        if (is_j (r, t->post[i].place))
          region_remove (r, t->post[i].place);
    }
  guint k_resets = 0;
  for (guint i = 0; i < t->n_resets; i++)
    k_resets += r->in_k[t->resets[i]];
  gboolean clears_k = k_resets == r->n_k && !post_k;
  if (!pre_s && !clears_k)
    for (guint i = 0; i < t->n_post; i++)
      if (is_j (r, t->post[i].place))
        region_remove (r, t->post[i].place);
  return TRUE;
}

/* S_{J,K} as the largest region the rules of region_visit leave (they only ever
 * remove places), starting from all of J's places, less J's initial place when the
 * initial marking has K tokens. CONSUMERS[p]: the transitions with p among their
 * inputs (J's places). Sets bit BIT of q->alone for every place left in S. */
static void
region_compute (RfRaceQuick *q, gint j, const gboolean *in_k, GPtrArray *consumers, guint64 bit)
{
  const RfNet *net = q->net;
  guint np = rf_net_n_places (net);
  Region r = { net, j, in_k, 0, g_new0 (gboolean, MAX (np, 1)), G_QUEUE_INIT };
  const guint32 *m0 = rf_net_peek_initial (net);
  const gboolean *omega = rf_net_peek_omega (net);
  gboolean k_initially = FALSE;
  for (guint p = 0; p < np; p++)
    {
      r.n_k += in_k[p];
      k_initially |= in_k[p] && (m0[p] || omega[p]);
      r.in_s[p] = is_j (&r, p);
    }
  for (guint p = 0; p < np && k_initially; p++)
    if (r.in_s[p] && m0[p])
      r.in_s[p] = FALSE;
  gboolean ok = TRUE;
  for (guint ti = 0; ti < rf_net_n_transitions (net) && ok; ti++)
    ok = region_visit (&r, rf_net_get_transition (net, ti));
  while (ok && !g_queue_is_empty (&r.work))
    {
      GArray *ts = g_ptr_array_index (consumers, GPOINTER_TO_UINT (g_queue_pop_head (&r.work)));
      for (guint i = 0; ts && i < ts->len && ok; i++)
        ok = region_visit (&r, rf_net_get_transition (net, g_array_index (ts, guint, i)));
    }
  for (guint p = 0; p < np && ok; p++)
    if (r.in_s[p])
      q->alone[p] |= bit;
  g_queue_clear (&r.work);
  g_free (r.in_s);
}

/* The regions of every single job with its thread there from the start. */
static void
find_alone (RfRaceQuick *q)
{
  const RfNet *net = q->net;
  guint np = rf_net_n_places (net), nj = rf_net_n_jobs (net);
  const guint32 *m0 = rf_net_peek_initial (net);
  g_autofree gboolean *in_k = g_new0 (gboolean, MAX (np, 1));
  for (guint j = 0; j < nj; j++)
    {
      gboolean started = FALSE;
      for (guint p = 0; p < np; p++)
        {
          const RfPlace *pl = rf_net_get_place (net, p);
          started |= pl->kind == RF_PLACE_CONTROL && pl->job == (gint) j && m0[p];
        }
      if (!q->single[j] || !started)
        continue;
      g_autoptr (GPtrArray) consumers = g_ptr_array_new_with_free_func (array_unref0);
      g_ptr_array_set_size (consumers, np);
      for (guint ti = 0; ti < rf_net_n_transitions (net); ti++)
        {
          const RfTransition *t = rf_net_get_transition (net, ti);
          for (guint i = 0; i < t->n_pre; i++)
            {
              const RfPlace *pl = rf_net_get_place (net, t->pre[i].place);
              if (pl->kind != RF_PLACE_CONTROL || pl->job != (gint) j)
                continue;
              if (!g_ptr_array_index (consumers, pl->id))
                g_ptr_array_index (consumers, pl->id) = g_array_new (FALSE, FALSE, sizeof (guint));
              g_array_append_val (g_ptr_array_index (consumers, pl->id), ti);
            }
        }
      for (guint k = 0; k <= nj; k++)
        {
          if (k == j || (k < nj && nj > QUICK_MAX_JOBS))
            continue;
          for (guint p = 0; p < np; p++)
            {
              const RfPlace *pl = rf_net_get_place (net, p);
              in_k[p] = pl->kind == RF_PLACE_CONTROL && pl->job != (gint) j && (k == nj || pl->job == (gint) k);
            }
          region_compute (q, (gint) j, in_k, consumers, k == nj ? ALL_OTHERS : (guint64) 1 << k);
        }
    }
}

/* The checked invariants by place. */
static void
index_invariants (RfRaceQuick *q)
{
  guint np = rf_net_n_places (q->net);
  q->invariants = rf_net_check_invariants (q->net);
  q->w_start = g_new0 (guint, np + 1);
  for (guint k = 0; k < q->invariants->len; k++)
    {
      const RfMarking *w = ((const RfInvariant *) g_ptr_array_index (q->invariants, k))->weights;
      for (guint i = 0; i < w->n; i++)
        q->w_start[w->e[i].place + 1]++;
    }
  for (guint p = 0; p < np; p++)
    q->w_start[p + 1] += q->w_start[p];
  q->weights = g_new (WeightEntry, MAX (q->w_start[np], 1));
  g_autofree guint *fill = g_memdup2 (q->w_start, sizeof (guint) * (np + 1));
  for (guint k = 0; k < q->invariants->len; k++)
    {
      const RfMarking *w = ((const RfInvariant *) g_ptr_array_index (q->invariants, k))->weights;
      for (guint i = 0; i < w->n; i++)
        q->weights[fill[w->e[i].place]++] = (WeightEntry) { k, w->e[i].count };
    }
}

RfRaceQuick *
rf_race_quick_new (const RfNet *net)
{
  RfRaceQuick *q = g_new0 (RfRaceQuick, 1);
  q->net = net;
  g_autoptr (GArray) triples = collect_triples (net, -1, &q->nv);
  q->acc_start = g_new0 (guint, q->nv + 1);
  q->acc = g_new (RfAccessPlace, MAX (triples->len, 1));
  for (guint i = 0; i < triples->len; i++)
    {
      const Triple *tr = &g_array_index (triples, Triple, i);
      q->acc[i] = (RfAccessPlace) { tr->place, tr->write };
      q->acc_start[tr->var + 1]++;
    }
  for (guint v = 0; v < q->nv; v++)
    q->acc_start[v + 1] += q->acc_start[v];
  q->unbounded = g_new0 (gboolean, MAX (q->nv, 1));
  q->emptied = g_new0 (gboolean, MAX (q->nv, 1));
  var_bounded (q, triples);
  q->single = g_new0 (gboolean, MAX (rf_net_n_jobs (net), 1));
  q->alone = g_new0 (guint64, MAX (rf_net_n_places (net), 1));
  find_single (q);
  find_alone (q);
  index_invariants (q);
  return q;
}

void
rf_race_quick_free (RfRaceQuick *q)
{
  if (!q)
    return;
  g_free (q->acc_start);
  g_free (q->acc);
  g_free (q->unbounded);
  g_free (q->emptied);
  g_free (q->single);
  g_free (q->alone);
  g_ptr_array_unref (q->invariants);
  g_free (q->w_start);
  g_free (q->weights);
  g_free (q);
}

/* The job of control place P, or -1. */
static gint
job_of (const RfNet *net, guint p)
{
  const RfPlace *pl = rf_net_get_place (net, p);
  return pl->kind == RF_PLACE_CONTROL ? pl->job : -1;
}

/* TRUE when the region of place A (of a single job) keeps a thread of B's job away. */
static gboolean
alone_at (const RfRaceQuick *q, guint a, guint b)
{
  gint ja = job_of (q->net, a), jb = job_of (q->net, b);
  if (ja < 0 || !q->single[ja])
    return FALSE;
  if (q->alone[a] & ALL_OTHERS)
    return TRUE;
  return jb >= 0 && jb < QUICK_MAX_JOBS && jb != ja && (q->alone[a] & ((guint64) 1 << jb));
}

/* The invariant excluding threads on A and B at once, or -1. */
static gint
invariant_excludes (const RfRaceQuick *q, guint a, guint b)
{
  for (guint i = q->w_start[a]; i < q->w_start[a + 1]; i++)
    for (guint k = q->w_start[b]; k < q->w_start[b + 1]; k++)
      if (q->weights[i].inv == q->weights[k].inv)
        {
          const RfInvariant *inv = g_ptr_array_index (q->invariants, q->weights[i].inv);
          if ((guint64) q->weights[i].w + q->weights[k].w > inv->total)
            return (gint) q->weights[i].inv;
        }
  return -1;
}

/* Which argument excludes threads on A and B at once (0: none). *INV: the invariant
 * when it is RF_RACE_PROOF_LOCK. */
static RfRaceProof
pair_excluded (const RfRaceQuick *q, guint a, guint b, gint *inv)
{
  gint ja = job_of (q->net, a), jb = job_of (q->net, b);
  if (ja >= 0 && ja == jb && q->single[ja])
    return RF_RACE_PROOF_ONE_THREAD;
  if (alone_at (q, a, b) || alone_at (q, b, a))
    return RF_RACE_PROOF_ALONE;
  if ((*inv = invariant_excludes (q, a, b)) >= 0)
    return RF_RACE_PROOF_LOCK;
  if (rf_net_rwlock_excludes (q->net, a, b))
    return RF_RACE_PROOF_RWLOCK;
  return 0;
}

gboolean
rf_race_quick_pair_excluded (const RfRaceQuick *q, guint a, guint b)
{
  gint inv = -1;
  return pair_excluded (q, a, b, &inv) != 0;
}

/* The name of what invariant K keeps: its lock (or read-write lock) place. */
static const char *
invariant_lock (const RfRaceQuick *q, guint k)
{
  const RfMarking *w = ((const RfInvariant *) g_ptr_array_index (q->invariants, k))->weights;
  for (guint i = 0; i < w->n; i++)
    {
      const RfPlace *pl = rf_net_get_place (q->net, w->e[i].place);
      if (pl->kind == RF_PLACE_LOCK || pl->kind == RF_PLACE_RWLOCK)
        return pl->name;
    }
  return NULL;
}

/* The words for PROOF, with the locks of LOCKS (invariant ids) and the single jobs of
 * JOBS: "never written", or "every conflicting pair " and what excludes each. */
static char *
describe (const RfRaceQuick *q, RfRaceProof proof, GArray *locks, GArray *jobs)
{
  if (proof == RF_RACE_PROOF_READ_ONLY)
    return g_strdup ("never written");
  g_autoptr (GString) names = g_string_new (NULL);
  for (guint i = 0; i < jobs->len; i++)
    g_string_append_printf (names, "%s'%s'", i ? ", " : "",
                            rf_net_get_job (q->net, g_array_index (jobs, guint, i))->name);
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  if (proof & RF_RACE_PROOF_ONE_THREAD)
    g_ptr_array_add (parts, g_strdup_printf ("is made by one thread, %s", names->str));
  if (proof & RF_RACE_PROOF_ALONE)
    g_ptr_array_add (parts, g_strdup_printf ("has an access by %s while no thread that makes the other exists",
                                             names->str));
  if (proof & RF_RACE_PROOF_LOCK)
    {
      g_autoptr (GString) s = g_string_new (locks->len > 1 ? "holds one of the locks " : "holds lock ");
      for (guint i = 0; i < locks->len; i++)
        {
          const char *name = invariant_lock (q, g_array_index (locks, guint, i));
          g_string_append_printf (s, "%s'%s'", i ? ", " : "", name ? name : "?");
        }
      g_ptr_array_add (parts, g_string_free (g_steal_pointer (&s), FALSE));
    }
  if (proof & RF_RACE_PROOF_RWLOCK)
    g_ptr_array_add (parts, g_strdup ("holds a read-write lock, one side for writing"));
  g_ptr_array_add (parts, NULL);
  g_autofree char *joined = g_strjoinv (", or ", (char **) parts->pdata);
  return g_strdup_printf ("every conflicting pair %s", joined);
}

static void
add_unique (GArray *a, guint x)
{
  for (guint i = 0; i < a->len; i++)
    if (g_array_index (a, guint, i) == x)
      return;
  g_array_append_val (a, x);
}

gboolean
rf_race_quick_prove (const RfRaceQuick *q, guint var, RfRaceProof *proof, char **argument)
{
  *proof = 0;
  *argument = NULL;
  if (var >= q->nv)
    return FALSE;   /* no Read or Write place: not a var of this net's race query */
  const RfAccessPlace *acc = q->acc + q->acc_start[var];
  guint n = q->acc_start[var + 1] - q->acc_start[var];
  if (n > QUICK_MAX_ACCESS_PLACES)
    return FALSE;
  gboolean pairs = q->emptied[var];
  for (guint a = 0; a < n && !pairs && rf_net_n_rwlock_claims (q->net) > 0; a++)
    for (guint b = a; b < n && !pairs; b++)
      pairs = (acc[a].write || acc[b].write) && rf_net_rwlock_excludes (q->net, acc[a].place, acc[b].place);
  if (!pairs && q->unbounded[var])
    return FALSE;
  RfRaceProof used = 0;
  g_autoptr (GArray) locks = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) jobs = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint a = 0; a < n; a++)
    for (guint b = a; b < n; b++)
      {
        if (!acc[a].write && !acc[b].write)
          continue;
        gint inv = -1;
        RfRaceProof why = pair_excluded (q, acc[a].place, acc[b].place, &inv);
        if (!why)
          return FALSE;
        if (why == RF_RACE_PROOF_LOCK)
          add_unique (locks, (guint) inv);
        if (why == RF_RACE_PROOF_ONE_THREAD || why == RF_RACE_PROOF_ALONE)
          add_unique (jobs, (guint) job_of (q->net, alone_at (q, acc[b].place, acc[a].place) ? acc[b].place
                                                                                           : acc[a].place));
        used |= why;
      }
  if (!used)
    used = RF_RACE_PROOF_READ_ONLY;
  *proof = used;
  *argument = describe (q, used, locks, jobs);
  return TRUE;
}
