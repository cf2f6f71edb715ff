/* rf-netbuild: the job-type Petri net of a program model (see rf-netbuild.h for the rules). */
#include "rf-netbuild.h"

#include <string.h>
#include "rf-edge-index.h"

/* Modes in which one thread may hold one rwlock, as bits of a guint8 set: not held,
 * held for reading 1, 2, 3 or more times (POSIX lets a reader take the read lock again),
 * held for writing. */
enum {
  MODE_NONE = 1u << 0,
  MODE_R1 = 1u << 1,
  MODE_R2 = 1u << 2,
  MODE_R3 = 1u << 3,
  MODE_RMANY = 1u << 4,   /* 4 times or more */
  MODE_W = 1u << 5,
  MODE_READ = MODE_R1 | MODE_R2 | MODE_R3 | MODE_RMANY,
  MODE_ANY = MODE_NONE | MODE_READ | MODE_W,
};

/* Builder: the net under construction and the place ids of the program's objects.
 * Invariant: shared[v] is the lock place of a lock or rwlock, the signal place of a
 * cond, the place of the first value of a value var (its value k has place shared[v] +
 * k), and read[v]/write[v] are the access places of a data var (-1 where not
 * applicable); pcs[j][n] is the control place of node n of job j. modes[v][j][n] (for
 * an rwlock v) is the set of modes in which a thread of job j at node n may hold v
 * (see rwlock_modes). place_node: per place, the node whose modes a thread there has
 * (-1 for places that are not control places; its job is the place's job); from_node:
 * the node of the control place build_edge is building from. joinall: the joinall
 * transitions, whose resets are set once every control place exists. index[j]: job
 * j's edges by node (every walk over a job's graph follows it, to stay linear). */
typedef struct {
  const RfProgram *prog;
  RfNet *net;
  gint *read;
  gint *write;
  gint *shared;
  guint **pcs;
  guint8 ***modes;
  GArray *place_node;  /* gint per place */
  guint from_node;
  GHashTable *names;   /* place names used so far (owned keys), for uniqueness */
  GHashTable *next_k;  /* base name (owned) -> the least k >= 2 that BASE#k may be free at
                        * (every smaller one is taken): names are only added */
  GArray *joinall;     /* guint triples: a joinall transition, its semaphore + 1 (0:
                        * none), the job type it empties */
  RfEdgeIndex **index; /* per job */
  GHashTable *mids;    /* (job << 32 | edge index) -> the first of the edge's middle places
                        * (mid_places) */
  gint focus;          /* -1, or the one data var whose accesses are built (rf_netbuild_focus):
                        * accesses to every other data var are silent, like skips */
} Builder;

/* A worklist of nodes: each node is on it at most once (on[n]). */
typedef struct {
  GArray *stack;   /* guint */
  gboolean *on;
} Worklist;

static void
worklist_init (Worklist *w, guint n_nodes)
{
  w->stack = g_array_new (FALSE, FALSE, sizeof (guint));
  w->on = g_new0 (gboolean, MAX (n_nodes, 1));
}

static void
worklist_push (Worklist *w, guint n)
{
  if (!w->on[n])
    {
      w->on[n] = TRUE;
      g_array_append_val (w->stack, n);
    }
}

/* Pops a node into *N; FALSE when empty. */
static gboolean
worklist_pop (Worklist *w, guint *n)
{
  if (w->stack->len == 0)
    return FALSE;
  *n = g_array_index (w->stack, guint, w->stack->len - 1);
  g_array_set_size (w->stack, w->stack->len - 1);
  w->on[*n] = FALSE;
  return TRUE;
}

static void
worklist_clear (Worklist *w)
{
  g_array_unref (w->stack);
  g_free (w->on);
}

/* A unique place name "BASE", "BASE#2", ... (owned). */
static char *
unique_name (Builder *b, const char *base)
{
  char *name = g_strdup (base);
  if (g_hash_table_contains (b->names, name))
    {
      guint k = MAX (2u, GPOINTER_TO_UINT (g_hash_table_lookup (b->next_k, base)));
      for (;; k++)
        {
          g_free (name);
          name = g_strdup_printf ("%s#%u", base, k);
          if (!g_hash_table_contains (b->names, name))
            break;
        }
      g_hash_table_replace (b->next_k, g_strdup (base), GUINT_TO_POINTER (k + 1));
    }
  g_hash_table_add (b->names, g_strdup (name));
  return name;
}

static guint
add_place (Builder *b, const char *base, RfPlaceKind kind, gint job, gint var, RfLoc loc, const char *activity)
{
  g_autofree char *name = unique_name (b, base);
  guint id = rf_net_add_place (b->net, name, kind, job, var, loc);
  if (activity)
    rf_net_set_place_activity (b->net, id, activity);
  gint none = -1;
  g_array_append_val (b->place_node, none);
  g_assert (b->place_node->len == id + 1);
  return id;
}

/* For `joinall T, s`: per node of JOB, whether some path from its entry reaches it
 * through a post of SEM (a forward may-analysis over the job's edges, to a fixpoint).
 * A thread at a node where this is FALSE has not posted SEM. (g_free) */
static gboolean *
may_have_posted (const RfJob *job, const RfEdgeIndex *index, gint sem)
{
  guint nn = job->nodes->len;
  gboolean *posted = g_new0 (gboolean, MAX (nn, 1));
  Worklist w;
  worklist_init (&w, nn);
  for (guint i = 0; i < job->edges->len; i++)
    {
      const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
      if (e->op == RF_OP_POST && e->arg == sem && !posted[e->to])
        {
          posted[e->to] = TRUE;
          worklist_push (&w, e->to);
        }
    }
  guint n, k;
  while (worklist_pop (&w, &n))
    {
      const guint *out = rf_edge_index_out (index, n, &k);
      for (guint i = 0; i < k; i++)
        {
          guint to = g_array_index (job->edges, RfEdge, out[i]).to;
          if (!posted[to])
            {
              posted[to] = TRUE;
              worklist_push (&w, to);
            }
        }
    }
  worklist_clear (&w);
  return posted;
}

/* A transition of job J moving a thread from place FROM to place TO, with extra
 * inputs IN (or -1) and extra outputs OUT (or -1); returns its id. */
static guint
add_move (Builder *b, guint j, const RfEdge *e, const char *label, guint from, guint to, gint in, gint out, gint spawn)
{
  /* a module entry: the thread's first step is the call */
  const RfJob *job = rf_program_get_job (b->prog, j);
  g_autofree char *called = job->call && from == b->pcs[j][job->entry]
                            ? g_strdup_printf ("calls %s; %s", job->call, label) : NULL;
  if (called)
    label = called;
  RfToken pre[2] = { { from, 1 }, { in >= 0 ? (guint) in : 0, in >= 0 ? 1 : 0 } };
  RfToken post[3] = { { to, 1 }, { out >= 0 ? (guint) out : 0, out >= 0 ? 1 : 0 },
                      { spawn >= 0 ? (guint) spawn : 0, spawn >= 0 ? 1 : 0 } };
  guint t = rf_net_add_transition (b->net, label, j, e->loc, pre, 2, post, 3, from, to, spawn);
  rf_net_set_transition_context (b->net, t, e->ctx);
  rf_net_set_transition_edge (b->net, t, (gint) (e - &g_array_index (job->edges, RfEdge, 0)));
  return t;
}

/* The control places between the transitions of edge E of job J: N places (ids
 * *first .. *first + N), one per activity of ACTIVITIES, made once per edge: a thread
 * in the middle of a statement goes on the same way whichever place it started it
 * from, so only the statement's first transition is built per place it leaves from.
 * Returns TRUE when they are new (the caller then builds the transitions that leave
 * them). A thread there holds what it held at e->from (the node the statement leaves:
 * the node its rwlock modes and posts are those of). */
static gboolean
mid_places (Builder *b, guint j, const RfEdge *e, const char *const *activities, guint n, guint *first)
{
  const RfJob *job = rf_program_get_job (b->prog, j);
  guint64 key = ((guint64) j << 32) | (guint64) (e - &g_array_index (job->edges, RfEdge, 0));
  gpointer found;
  if (g_hash_table_lookup_extended (b->mids, &key, NULL, &found))
    {
      *first = GPOINTER_TO_UINT (found);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *base = g_strdup_printf ("%s@%u:%s", job->name, e->loc.line, activities[i]);
      guint id = add_place (b, base, RF_PLACE_CONTROL, j, -1, e->loc, activities[i]);
      g_array_index (b->place_node, gint, id) = (gint) e->from;
      if (i == 0)
        *first = id;
      g_assert (id == *first + i);
    }
  g_hash_table_insert (b->mids, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (*first));
  return TRUE;
}

static const char *
var_name (Builder *b, gint v)
{
  return rf_program_get_var (b->prog, v)->name;
}

/* read v / write v: pc_i -> mid + Acc_v ; mid + Acc_v -> pc_j */
static void
build_access (Builder *b, guint j, const RfEdge *e, guint pi, guint pj)
{
  gboolean is_write = e->op == RF_OP_WRITE;
  const char *v = var_name (b, e->arg);
  gint acc = is_write ? b->write[e->arg] : b->read[e->arg];
  g_autofree char *activity = g_strdup_printf ("%s %s", is_write ? "writing" : "reading", v);
  g_autofree char *text = rf_program_edge_to_string (b->prog, e);
  g_autofree char *begin = g_strdup_printf ("%s (begin)", text);
  g_autofree char *end = g_strdup_printf ("%s (end)", text);
  const char *acts[1] = { activity };
  guint mid;
  gboolean fresh = mid_places (b, j, e, acts, 1, &mid);
  add_move (b, j, e, begin, pi, mid, -1, acc, -1);
  if (fresh)
    add_move (b, j, e, end, mid, pj, acc, -1, -1);
}

/* Marks transition T (built from E) as one that may block its thread, unless E is a
 * try (RF_ACQUIRE_TRY: it never waits). */
static void
mark_blocking (Builder *b, const RfEdge *e, guint t)
{
  if (e->arg2 != RF_ACQUIRE_TRY || e->op == RF_OP_JOINALL || e->op == RF_OP_SLEEP)
    rf_net_set_transition_blocks (b->net, t);
}

/* wait c, L: pc_i -> pc_w + L ; pc_w + Sig_c -> pc_a ; pc_w -> pc_a ; pc_a + L -> pc_j */
static void
build_wait (Builder *b, guint j, const RfEdge *e, guint pi, guint pj)
{
  const char *c = var_name (b, e->arg), *l = var_name (b, e->arg2);
  gint sig = b->shared[e->arg], lock = b->shared[e->arg2];
  g_autofree char *waiting = g_strdup_printf ("waiting on %s", c);
  g_autofree char *woken = g_strdup_printf ("woken, reacquiring %s", l);
  const char *acts[2] = { waiting, woken };
  guint pw;
  gboolean fresh = mid_places (b, j, e, acts, 2, &pw);
  guint pa = pw + 1;
  g_autofree char *t1 = g_strdup_printf ("wait %s, %s (release %s)", c, l, l);
  g_autofree char *t2 = g_strdup_printf ("wake up on signal %s", c);
  g_autofree char *t4 = g_strdup_printf ("wait %s, %s (reacquire %s)", c, l, l);
  rf_net_set_transition_blocks (b->net, add_move (b, j, e, t1, pi, pw, -1, lock, -1));
  if (!fresh)
    return;
  add_move (b, j, e, t2, pw, pa, sig, -1, -1);
  add_move (b, j, e, "wake up spuriously", pw, pa, -1, -1, -1);
  rf_net_set_transition_waits_for (b->net, add_move (b, j, e, t4, pa, pj, lock, -1, -1), (guint) lock);
}

/* broadcast c: pc_i -> pc_b ; pc_b -> pc_b + Sig_c ; pc_b -> pc_j */
static void
build_broadcast (Builder *b, guint j, const RfEdge *e, guint pi, guint pj)
{
  const char *c = var_name (b, e->arg);
  g_autofree char *activity = g_strdup_printf ("broadcasting %s", c);
  g_autofree char *t1 = g_strdup_printf ("broadcast %s (begin)", c);
  g_autofree char *t2 = g_strdup_printf ("broadcast %s (wake one)", c);
  g_autofree char *t3 = g_strdup_printf ("broadcast %s (end)", c);
  const char *acts[1] = { activity };
  guint pb;
  gboolean fresh = mid_places (b, j, e, acts, 1, &pb);
  add_move (b, j, e, t1, pi, pb, -1, -1, -1);
  if (!fresh)
    return;
  add_move (b, j, e, t2, pb, pb, -1, b->shared[e->arg], -1);
  add_move (b, j, e, t3, pb, pj, -1, -1, -1);
}

/* The modes in which a thread at the place build_edge builds from may hold rwlock V
 * (every mode when no thread gets there: the place stays empty anyway). */
static guint8
modes_here (Builder *b, guint j, gint v)
{
  guint8 m = b->modes[v][j][b->from_node];
  return m ? m : MODE_ANY;
}

/* rdlock L, wrlock L, unlock L. The place L has a token while no thread holds L for
 * writing; readers are not counted (a net cannot test that none is inside), so a
 * writer does not wait for readers: an over-approximation, which the race query
 * corrects with the claims of add_rwlock_claim. Each alternative is built when the
 * thread may hold L in a mode (modes_here) where it is what really happens:
 *   rdlock L:  pc_i + L -> pc_j + L      (not held, or held for reading: succeeds)
 *              pc_i -> pc_j              (held for writing: fails with EDEADLK)
 *   wrlock L:  pc_i + L -> pc_j          (not held: succeeds)
 *              pc_i -> pc_j              (held: fails with EDEADLK)
 *   unlock L:  pc_i -> pc_j + L          (held for writing; or not held: undefined)
 *              pc_i -> pc_j              (held for reading; or not held: undefined)
 * A deadlock instead of EDEADLK only removes runs (EAGAIN, too many read locks, is left
 * out, as for mutexes). When the mode is not known (L taken on one branch only, ...)
 * an unlock gets both alternatives: one of them is what the thread really does, and
 * the other only adds runs (a token given back that nobody took, or kept by a thread
 * that no longer holds L). So every run of the program is a run of the net. */
static void
build_rwlock_op (Builder *b, guint j, const RfEdge *e, guint pi, guint pj)
{
  const char *l = var_name (b, e->arg);
  gint lp = b->shared[e->arg];
  guint8 m = modes_here (b, j, e->arg);
  switch (e->op)
    {
    case RF_OP_RDLOCK:
      {
        g_autofree char *ok = g_strdup_printf ("rdlock %s", l);
        g_autofree char *fail = g_strdup_printf ("rdlock %s (fails: held for writing)", l);
        if (m & (MODE_NONE | MODE_READ))
          mark_blocking (b, e, add_move (b, j, e, ok, pi, pj, lp, lp, -1));
        if (m & MODE_W)
          add_move (b, j, e, fail, pi, pj, -1, -1, -1);
      }
      break;
    case RF_OP_WRLOCK:
      {
        g_autofree char *ok = g_strdup_printf ("wrlock %s", l);
        g_autofree char *fail = g_strdup_printf ("wrlock %s (fails: held already)", l);
        if (m & MODE_NONE)
          mark_blocking (b, e, add_move (b, j, e, ok, pi, pj, lp, -1, -1));
        if (m & (MODE_READ | MODE_W))
          add_move (b, j, e, fail, pi, pj, -1, -1, -1);
      }
      break;
    case RF_OP_RWUNLOCK:
      {
        g_autofree char *w = g_strdup_printf ("unlock %s (held for writing)", l);
        g_autofree char *r = g_strdup_printf ("unlock %s (held for reading)", l);
        if (m & (MODE_W | MODE_NONE))
          add_move (b, j, e, w, pi, pj, -1, lp, -1);
        if (m & (MODE_READ | MODE_NONE))
          add_move (b, j, e, r, pi, pj, -1, -1, -1);
      }
      break;
    default:
      g_assert_not_reached ();
    }
}

/* Builds the transitions of E for a thread leaving control place PI (the place of a
 * node whose skip-closure contains e->from). */
static void
build_edge (Builder *b, guint j, const RfEdge *e, guint pi)
{
  guint pj = b->pcs[j][e->to];
  g_autofree char *text = rf_program_edge_to_string (b->prog, e);
  switch (e->op)
    {
    case RF_OP_SKIP:       /* eliminated by the skip closure */
      g_assert_not_reached ();
    case RF_OP_READ:
    case RF_OP_WRITE:
      build_access (b, j, e, pi, pj);
      break;
    case RF_OP_ACQUIRE:    /* pc_i + L -> pc_j (a blocking lock waits for L) */
      {
        guint t = add_move (b, j, e, text, pi, pj, b->shared[e->arg], -1, -1);
        if (e->arg2 != RF_ACQUIRE_TRY)
          rf_net_set_transition_waits_for (b->net, t, (guint) b->shared[e->arg]);
        if (!rf_program_get_var (b->prog, e->arg)->spin)
          mark_blocking (b, e, t);   /* a spinlock spins: nested spinlocks are no misuse */
      }
      break;
    case RF_OP_RELEASE:    /* pc_i -> pc_j + L */
      add_move (b, j, e, text, pi, pj, -1, b->shared[e->arg], -1);
      break;
    case RF_OP_WAIT:
      build_wait (b, j, e, pi, pj);
      break;
    case RF_OP_SIGNAL:     /* pc_i -> pc_j + Sig_c */
      add_move (b, j, e, text, pi, pj, -1, b->shared[e->arg], -1);
      break;
    case RF_OP_BROADCAST:
      build_broadcast (b, j, e, pi, pj);
      break;
    case RF_OP_POST:       /* pc_i -> pc_j + S */
      add_move (b, j, e, text, pi, pj, -1, b->shared[e->arg], -1);
      break;
    case RF_OP_TAKE:       /* pc_i + S -> pc_j */
      mark_blocking (b, e, add_move (b, j, e, text, pi, pj, b->shared[e->arg], -1, -1));
      break;
    case RF_OP_RDLOCK:
    case RF_OP_WRLOCK:
    case RF_OP_RWUNLOCK:
      build_rwlock_op (b, j, e, pi, pj);
      break;
    case RF_OP_CREATE:     /* pc_i -> pc_j + entry_T */
      {
        const RfJob *target = rf_program_get_job (b->prog, e->arg);
        add_move (b, j, e, text, pi, pj, -1, -1, b->pcs[e->arg][target->entry]);
      }
      break;
    case RF_OP_VALUE:      /* pc_i + v=a -> pc_j + v=b */
      {
        guint n = rf_program_get_var (b->prog, e->arg)->n_values;
        guint a = (guint) e->arg2 / n, c = (guint) e->arg2 % n;
        add_move (b, j, e, text, pi, pj, b->shared[e->arg] + (gint) a, b->shared[e->arg] + (gint) c, -1);
      }
      break;
    case RF_OP_JOINALL:    /* pc_i -> pc_j, emptying every control place of T (with a
                            * semaphore s: those where no thread has posted s yet) */
      {
        guint triple[3] = { add_move (b, j, e, text, pi, pj, -1, -1, -1), (guint) (e->arg2 + 1), (guint) e->arg };
        g_array_append_vals (b->joinall, triple, 3);
        mark_blocking (b, e, triple[0]);
      }
      break;
    case RF_OP_SLEEP:      /* pc_i -> pc_j */
      mark_blocking (b, e, add_move (b, j, e, text, pi, pj, -1, -1, -1));
      break;
    }
}

/* Skip closure. A silent step -- a skip (branch choice, loop test, goto, `skip;`), and
 * in a net focused on data var v (rf_netbuild_focus) an access to another data var --
 * changes nothing but the moving thread's location (and the access places of a
 * variable the net does not ask about) and commutes with every step of other threads,
 * so it is folded into the next real operation: a thread at node k may perform any
 * non-silent edge leaving a node reachable from k by silent edges. Races are states of
 * threads in the middle of accesses, so this reduction is exact for them (for v's,
 * in a focused net). Only the entry and the targets of non-silent edges (the visible
 * nodes) get control places. */
static gboolean
silent (const Builder *b, const RfEdge *e)
{
  return e->op == RF_OP_SKIP
         || (b->focus >= 0 && (e->op == RF_OP_READ || e->op == RF_OP_WRITE) && e->arg != b->focus);
}

static gboolean *
visible_nodes (const Builder *b, const RfJob *job)
{
  gboolean *visible = g_new0 (gboolean, job->nodes->len);
  visible[job->entry] = TRUE;
  for (guint i = 0; i < job->edges->len; i++)
    {
      const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
      if (!silent (b, e))
        visible[e->to] = TRUE;
    }
  return visible;
}

static gint
compare_uint (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return x < y ? -1 : x > y;
}

/* Sets EDGES to the non-silent edges (indices, ascending) leaving a node reachable from K
 * through silent edges (K included). STAMP[n] == MARK marks the nodes reached so far
 * (the caller gives a new MARK each time, so nothing is cleared); NODES is scratch. */
static void
skip_closure_edges (const Builder *b, const RfJob *job, const RfEdgeIndex *index, guint k, guint *stamp, guint mark,
                    GArray *nodes, GArray *edges)
{
  g_array_set_size (nodes, 0);
  g_array_set_size (edges, 0);
  stamp[k] = mark;
  g_array_append_val (nodes, k);
  for (guint done = 0; done < nodes->len; done++)
    {
      guint n = g_array_index (nodes, guint, done), c;
      const guint *out = rf_edge_index_out (index, n, &c);
      for (guint i = 0; i < c; i++)
        {
          const RfEdge *e = &g_array_index (job->edges, RfEdge, out[i]);
          if (!silent (b, e))
            g_array_append_val (edges, out[i]);
          else if (stamp[e->to] != mark)
            {
              stamp[e->to] = mark;
              g_array_append_val (nodes, e->to);
            }
        }
    }
  g_array_sort (edges, compare_uint);
}

/* The lock invariant of lock place LP: LP + (places where the lock is held) = 1.
 * held(p) is propagated from the job entries (held 0) along the thread moves:
 * held(pc_to) = held(pc_from) - (tokens the move puts on LP - tokens it takes).
 * A lock taken conditionally, released twice or held across a create leaves no
 * consistent 0/1 labelling, and then no invariant is added; rf_net_check_invariants
 * re-checks every claim against every transition, so a wrong one is never used. */
/* Moves: the transitions of a net by the control place they move a thread from.
 * Invariant: at[start[p] .. start[p + 1]) are the ids of the transitions with pc_from ==
 * p and pc_to >= 0, ascending. */
typedef struct {
  guint *start;
  guint *at;
} Moves;

static void
moves_init (Moves *m, const RfNet *net)
{
  guint np = rf_net_n_places (net), nt = rf_net_n_transitions (net);
  m->start = g_new0 (guint, np + 1);
  m->at = g_new (guint, MAX (nt, 1));
  for (guint ti = 0; ti < nt; ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (t->pc_from >= 0 && t->pc_to >= 0)
        m->start[t->pc_from + 1]++;
    }
  for (guint p = 0; p < np; p++)
    m->start[p + 1] += m->start[p];
  g_autofree guint *next = g_memdup2 (m->start, (np + 1) * sizeof (guint));
  for (guint ti = 0; ti < nt; ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (t->pc_from >= 0 && t->pc_to >= 0)
        m->at[next[t->pc_from]++] = ti;
    }
}

static void
moves_clear (Moves *m)
{
  g_free (m->start);
  g_free (m->at);
}

static void
add_lock_invariant (RfNet *net, const Moves *moves, guint lp)
{
  guint np = rf_net_n_places (net);
  g_autofree gint *held = g_new (gint, np);
  for (guint p = 0; p < np; p++)
    held[p] = -1;
  /* a worklist of the places labelled and not yet followed */
  g_autoptr (GArray) todo = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint j = 0; j < rf_net_n_jobs (net); j++)
    {
      guint entry = rf_net_get_job (net, j)->entry;
      if (held[entry] < 0)
        g_array_append_val (todo, entry);
      held[entry] = 0;
    }
  for (guint done = 0; done < todo->len; done++)
    {
      guint p = g_array_index (todo, guint, done);
      for (guint k = moves->start[p]; k < moves->start[p + 1]; k++)
        {
          const RfTransition *t = rf_net_get_transition (net, moves->at[k]);
          gint delta = 0;
          for (guint i = 0; i < t->n_post; i++)
            if (t->post[i].place == lp)
              delta += t->post[i].count;
          for (guint i = 0; i < t->n_pre; i++)
            if (t->pre[i].place == lp)
              delta -= t->pre[i].count;
          gint h = held[p] - delta;
          if (h < 0 || h > 1 || (held[t->pc_to] >= 0 && held[t->pc_to] != h))
            return;
          if (held[t->pc_to] < 0)
            {
              held[t->pc_to] = h;
              guint to = t->pc_to;
              g_array_append_val (todo, to);
            }
        }
    }
  g_autoptr (GArray) w = g_array_new (FALSE, FALSE, sizeof (RfToken));
  RfToken lock = { lp, 1 };
  g_array_append_val (w, lock);
  for (guint p = 0; p < np; p++)
    if (held[p] == 1)
      {
        RfToken tok = { p, 1 };
        g_array_append_val (w, tok);
      }
  rf_net_add_invariant (net, (RfToken *) w->data, w->len);
}

/* The modes of one thread after edge E (on rwlock V) from a node with modes M: what
 * really happens, operation by operation (a failing lock keeps the modes). */
static guint8
mode_step (const RfEdge *e, guint v, guint8 m)
{
  if (e->arg != (gint) v)
    return m;
  guint8 out = 0;
  switch (e->op)
    {
    case RF_OP_RDLOCK:   /* succeeds once more, or fails with EDEADLK when writing */
      if (m & MODE_NONE) out |= MODE_R1;
      if (m & MODE_R1) out |= MODE_R2;
      if (m & MODE_R2) out |= MODE_R3;
      if (m & (MODE_R3 | MODE_RMANY)) out |= MODE_RMANY;
      out |= m & MODE_W;
      return out;
    case RF_OP_WRLOCK:   /* succeeds when not held, else fails (or deadlocks) */
      if (m & MODE_NONE) out |= MODE_W;
      out |= m & (MODE_READ | MODE_W);
      return out;
    case RF_OP_RWUNLOCK: /* an unlock when not held is undefined: kept as not held */
      if (m & (MODE_W | MODE_R1 | MODE_NONE)) out |= MODE_NONE;
      if (m & MODE_R2) out |= MODE_R1;
      if (m & MODE_R3) out |= MODE_R2;
      if (m & MODE_RMANY) out |= MODE_R3 | MODE_RMANY;
      return out;
    default:
      return m;
    }
}

/* For rwlock V, per job and node, the set of modes in which a thread there may hold V:
 * the least solution of modes(entry) >= {not held} (a new thread holds nothing) and
 * modes(e->to) >= mode_step (e, modes(e->from)) for every edge (skips change nothing).
 * Every run of the program keeps each thread's mode in the set of its node. Owned. */
static guint8 **
rwlock_modes (const RfProgram *prog, RfEdgeIndex *const *index, guint v)
{
  guint nj = rf_program_n_jobs (prog);
  guint8 **modes = g_new0 (guint8 *, MAX (nj, 1));
  for (guint j = 0; j < nj; j++)
    {
      const RfJob *job = rf_program_get_job (prog, j);
      modes[j] = g_new0 (guint8, MAX (job->nodes->len, 1));
      modes[j][job->entry] = MODE_NONE;
      Worklist w;
      worklist_init (&w, job->nodes->len);
      worklist_push (&w, job->entry);
      guint n, k;
      while (worklist_pop (&w, &n))
        {
          const guint *out = rf_edge_index_out (index[j], n, &k);
          for (guint i = 0; i < k; i++)
            {
              const RfEdge *e = &g_array_index (job->edges, RfEdge, out[i]);
              guint8 m = mode_step (e, v, modes[j][n]);
              if ((m & ~modes[j][e->to]) != 0)
                {
                  modes[j][e->to] |= m;
                  worklist_push (&w, e->to);
                }
            }
        }
      worklist_clear (&w);
    }
  return modes;
}

/* The claim for rwlock V (place LP): a control place whose node's modes are all
 * "held for writing" holds V for writing, all "held for reading" holds it for reading.
 * Sound because every thread's mode stays in its node's set, and a thread holding V for
 * writing excludes every other holder -- as long as V is used as POSIX defines: when
 * some thread may unlock V without holding it, or lock it for writing while holding it,
 * or for reading while writing (undefined behaviour: the lock may be corrupted), there
 * is no claim. A claim whose holds are all for reading excludes nothing; it is kept
 * for the reports (which locks a thread of a witness holds for reading). */
static void
add_rwlock_claim (Builder *b, guint v, guint lp)
{
  guint nj = rf_program_n_jobs (b->prog), np = rf_net_n_places (b->net);
  for (guint j = 0; j < nj; j++)
    {
      const RfJob *job = rf_program_get_job (b->prog, j);
      for (guint i = 0; i < job->edges->len; i++)
        {
          const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
          guint8 m = b->modes[v][j][e->from];
          if (e->arg == (gint) v
              && ((e->op == RF_OP_RWUNLOCK && (m & MODE_NONE))
                  || (e->op == RF_OP_WRLOCK && (m & (MODE_READ | MODE_W)))
                  || (e->op == RF_OP_RDLOCK && (m & MODE_W))))
            return;
        }
    }
  g_autofree RfHold *holds = g_new0 (RfHold, MAX (np, 1));
  gboolean any = FALSE;
  for (guint p = 0; p < np; p++)
    {
      const RfPlace *pl = rf_net_get_place (b->net, p);
      gint n = g_array_index (b->place_node, gint, p);
      if (pl->kind != RF_PLACE_CONTROL || n < 0 || pl->job < 0)
        continue;
      guint8 m = b->modes[v][pl->job][n];
      holds[p] = m == MODE_W ? RF_HOLD_WRITE : m != 0 && (m & ~MODE_READ) == 0 ? RF_HOLD_READ : RF_HOLD_NONE;
      any |= holds[p] != RF_HOLD_NONE;
    }
  if (any)
    rf_net_add_rwlock_claim (b->net, lp, holds);
}

static RfNet *
build (const RfProgram *prog, gint focus)
{
  g_assert (rf_program_is_valid (prog));
  Builder b = { 0 };
  b.prog = prog;
  b.focus = focus;
  b.mids = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  b.net = rf_net_new ();
  b.names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  b.next_k = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint nv = rf_program_n_vars (prog), nj = rf_program_n_jobs (prog);
  b.read = g_new (gint, nv);
  b.write = g_new (gint, nv);
  b.shared = g_new (gint, nv);
  b.modes = g_new0 (guint8 **, MAX (nv, 1));
  b.place_node = g_array_new (FALSE, FALSE, sizeof (gint));
  b.joinall = g_array_new (FALSE, FALSE, sizeof (guint));
  b.index = g_new0 (RfEdgeIndex *, MAX (nj, 1));
  for (guint j = 0; j < nj; j++)
    b.index[j] = rf_edge_index_new (rf_program_get_job (prog, j));

  for (guint v = 0; v < nv; v++)
    {
      const RfVar *var = rf_program_get_var (prog, v);
      b.read[v] = b.write[v] = b.shared[v] = -1;
      g_autofree char *rn = g_strdup_printf ("Read_%s", var->name);
      g_autofree char *wn = g_strdup_printf ("Write_%s", var->name);
      g_autofree char *sn = g_strdup_printf ("Sig_%s", var->name);
      switch (var->kind)
        {
        case RF_VAR_DATA:
          if (focus >= 0 && v != (guint) focus)
            break;
          b.read[v] = add_place (&b, rn, RF_PLACE_READ, -1, v, var->loc, NULL);
          b.write[v] = add_place (&b, wn, RF_PLACE_WRITE, -1, v, var->loc, NULL);
          break;
        case RF_VAR_LOCK:
          b.shared[v] = add_place (&b, var->name, RF_PLACE_LOCK, -1, v, var->loc, NULL);
          rf_net_set_initial (b.net, b.shared[v], 1);
          break;
        case RF_VAR_COND:
          b.shared[v] = add_place (&b, sn, RF_PLACE_SIGNAL, -1, v, var->loc, NULL);
          break;
        case RF_VAR_SEM:
          b.shared[v] = add_place (&b, var->name, RF_PLACE_SEM, -1, v, var->loc, NULL);
          break;
        case RF_VAR_RWLOCK:
          b.shared[v] = add_place (&b, var->name, RF_PLACE_RWLOCK, -1, v, var->loc, NULL);
          rf_net_set_initial (b.net, b.shared[v], 1);
          b.modes[v] = rwlock_modes (prog, b.index, v);
          break;
        case RF_VAR_VALUE:
          for (guint k = 0; k < var->n_values; k++)
            {
              g_autofree char *vn = g_strdup_printf ("%s=%" G_GINT64_FORMAT, var->name, var->values[k]);
              guint p = add_place (&b, vn, RF_PLACE_VALUE, -1, v, var->loc, NULL);
              if (k == 0)
                b.shared[v] = p;
              g_assert (p == (guint) b.shared[v] + k);
            }
          rf_net_set_initial (b.net, b.shared[v] + var->init, 1);
          break;
        }
    }

  b.pcs = g_new0 (guint *, nj);
  for (guint j = 0; j < nj; j++)
    {
      const RfJob *job = rf_program_get_job (prog, j);
      g_autofree gboolean *visible = visible_nodes (&b, job);
      b.pcs[j] = g_new (guint, job->nodes->len);
      for (guint n = 0; n < job->nodes->len; n++)
        {
          b.pcs[j][n] = G_MAXUINT;
          if (!visible[n])
            continue;
          RfLoc loc = g_array_index (job->nodes, RfLoc, n);
          g_autofree char *base = g_strdup_printf ("%s@%u", job->name, loc.line);
          b.pcs[j][n] = add_place (&b, base, RF_PLACE_CONTROL, j, -1, loc, NULL);
          g_array_index (b.place_node, gint, b.pcs[j][n]) = (gint) n;
        }
      guint entry = b.pcs[j][job->entry];
      rf_net_add_job (b.net, job->name, entry);
      if (job->start == RF_START_COUNT)
        rf_net_set_initial (b.net, entry, job->count);
      else if (job->start == RF_START_ANY)
        rf_net_set_initial_omega (b.net, entry);
    }

  for (guint j = 0; j < nj; j++)
    {
      const RfJob *job = rf_program_get_job (prog, j);
      g_autofree guint *stamp = g_new0 (guint, MAX (job->nodes->len, 1));
      g_autoptr (GArray) nodes = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autoptr (GArray) edges = g_array_new (FALSE, FALSE, sizeof (guint));
      for (guint k = 0; k < job->nodes->len; k++)
        {
          if (b.pcs[j][k] == G_MAXUINT)
            continue;
          skip_closure_edges (&b, job, b.index[j], k, stamp, k + 1, nodes, edges);
          b.from_node = k;
          for (guint i = 0; i < edges->len; i++)
            build_edge (&b, j, &g_array_index (job->edges, RfEdge, g_array_index (edges, guint, i)), b.pcs[j][k]);
        }
    }

  /* the places where a thread may end: those whose node reaches the job's end by skips
   * that do not end the process (exit, abort) */
  for (guint j = 0; j < nj; j++)
    {
      const RfJob *job = rf_program_get_job (prog, j);
      if (job->exit < 0)
        continue;
      g_autofree gboolean *ends = g_new0 (gboolean, job->nodes->len);
      ends[job->exit] = TRUE;
      g_autoptr (GArray) todo = g_array_new (FALSE, FALSE, sizeof (guint));
      g_array_append_val (todo, job->exit);
      for (guint done = 0; done < todo->len; done++)
        {
          guint c;
          const guint *in = rf_edge_index_in (b.index[j], g_array_index (todo, guint, done), &c);
          for (guint i = 0; i < c; i++)
            {
              const RfEdge *e = &g_array_index (job->edges, RfEdge, in[i]);
              if (silent (&b, e) && !(e->op == RF_OP_SKIP && e->arg == RF_SKIP_HALT) && !ends[e->from])
                {
                  ends[e->from] = TRUE;
                  g_array_append_val (todo, e->from);
                }
            }
        }
      for (guint n = 0; n < job->nodes->len; n++)
        if (ends[n] && b.pcs[j][n] != G_MAXUINT)
          rf_net_set_place_final (b.net, b.pcs[j][n]);
    }

  /* joinall T: every control place of T, its middle places included */
  for (guint k = 0; k < b.joinall->len; k += 3)
    {
      guint t = g_array_index (b.joinall, guint, k), target = g_array_index (b.joinall, guint, k + 2);
      gint sem = (gint) g_array_index (b.joinall, guint, k + 1) - 1;
      g_autofree gboolean *posted = sem >= 0 ? may_have_posted (rf_program_get_job (prog, target), b.index[target], sem) : NULL;
      g_autoptr (GArray) places = g_array_new (FALSE, FALSE, sizeof (guint));
      for (guint p = 0; p < rf_net_n_places (b.net); p++)
        {
          const RfPlace *pl = rf_net_get_place (b.net, p);
          gint node = g_array_index (b.place_node, gint, p);
          if (pl->kind == RF_PLACE_CONTROL && pl->job == (gint) target && (!posted || (node >= 0 && !posted[node])))
            g_array_append_val (places, p);
        }
      rf_net_set_transition_resets (b.net, t, (const guint *) places->data, places->len);
    }

  Moves moves;
  moves_init (&moves, b.net);
  for (guint v = 0; v < nv; v++)
    {
      RfVarKind kind = rf_program_get_var (prog, v)->kind;
      /* a writer holds an rwlock like a mutex: the same invariant, when consistent */
      if (kind == RF_VAR_LOCK || kind == RF_VAR_RWLOCK)
        add_lock_invariant (b.net, &moves, b.shared[v]);
      if (kind == RF_VAR_RWLOCK)
        add_rwlock_claim (&b, v, b.shared[v]);
      /* a value var holds exactly one value: every move takes one token and gives one */
      if (kind == RF_VAR_VALUE)
        {
          guint n = rf_program_get_var (prog, v)->n_values;
          g_autofree RfToken *w = g_new (RfToken, n);
          for (guint k = 0; k < n; k++)
            w[k] = (RfToken) { (guint) b.shared[v] + k, 1 };
          rf_net_add_invariant (b.net, w, n);
        }
    }

  moves_clear (&moves);
  for (guint j = 0; j < nj; j++)
    g_free (b.pcs[j]);
  g_free (b.pcs);
  g_free (b.read);
  g_free (b.write);
  g_free (b.shared);
  for (guint v = 0; v < nv; v++)
    if (b.modes[v])
      {
        for (guint j = 0; j < nj; j++)
          g_free (b.modes[v][j]);
        g_free (b.modes[v]);
      }
  g_free (b.modes);
  for (guint j = 0; j < nj; j++)
    rf_edge_index_free (b.index[j]);
  g_free (b.index);
  g_array_unref (b.place_node);
  g_array_unref (b.joinall);
  g_hash_table_unref (b.names);
  g_hash_table_unref (b.mids);
  g_hash_table_unref (b.next_k);
  return b.net;
}

RfNet *
rf_netbuild (const RfProgram *prog)
{
  return build (prog, -1);
}

RfNet *
rf_netbuild_focus (const RfProgram *prog, guint var)
{
  g_return_val_if_fail (var < rf_program_n_vars (prog) && rf_program_get_var (prog, var)->kind == RF_VAR_DATA, NULL);
  return build (prog, (gint) var);
}
