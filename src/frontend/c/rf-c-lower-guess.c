/* rf-c-lower-guess: a lock and the data it guards, reached through one key.
 *
 * Approach. A mutex in an array or in a heap object, `pthread_mutex_lock (&acct[k].m)`
 * or `pthread_mutex_lock (&c->lock)`, is one place of the model standing for many
 * mutexes, so by itself it gives no exclusion. The representative argument (the one
 * rf-c-lower-elems.c makes for create loops) makes it one mutex: a race happens on one
 * cell, the representative, and the model follows that cell exactly. Every location has
 * one representative cell; the synchronisation object inside it is one object of the
 * model, which the operations that certainly reach it take and give (lower_rep_exact),
 * which the operations that certainly reach another cell leave alone (a skip), and
 * which the operations that may reach either leave alone too (a skip, demoting it when
 * they release: rf-c-lower-sync.c).
 *
 * Which cell an operation reaches is known in the passes of a split loop and in the
 * threads they create (rf-c-lower-elems.c), and, here, by a guess. In a run, at
 * `lock (&acct[k].m)` the key k (a local or parameter that the rest of the block never
 * assigns and whose address is never taken) either is the representative cell's index
 * or is not, and stays so until the block ends. So the rest of the block is lowered
 * twice, once per answer: where it is, `acct[k]` is the representative cell, its mutex
 * one object and its data the array's location; where it is not, `acct[k]` is no
 * location and the lock a skip. The model may take either branch, so it keeps every
 * run. A pointer key alike: `c` in `lock (&c->lock)` points to the representative cell
 * or not. What the rest of the block reaches another way (another index, an alias made
 * before the block, an offset from the key's cell) is resolved as before: the whole
 * location, which may be the representative.
 *
 * The representative cells are chosen so that every way of naming one agrees: a named
 * array's (an array variable's, or an array member's of one) is its element at one
 * index e, the same for every named array, so that `locks[k]` and `data[k]` are guessed
 * together; an array's inside a cell is its element e of that cell's; a summary
 * object's (a heap site, a local of a function many threads run) is the cell of the
 * race, or any one. A place whose path goes on from a representative cell by members
 * only is that cell's part: rep_cell records the cell that the last step of a
 * resolution granted (an index in the representative's pass, a guess, a thread given
 * the cell), and a path with no "[]" after it is exact.
 *
 * A ticket alike: `int me = atomic_fetch_add (&next, 1);` draws a value no other draw
 * gets, when every change of next in the program is such a draw (an atomic add of a
 * positive constant; reads, plain or atomic, are allowed). So at most one draw of a run is the representative's index: the
 * rest of the block after the draw is lowered once per answer, and the representative
 * branch takes the one token of `ticket$next` (a lock never released), so that no
 * second draw can take it. Every named array indexed by me is split, as for a value
 * split (rf-c-lower-elems.c). A thread-local that one statement of the program sets is
 * a ticket's key too: the functions the rest of the block calls index with it.
 *
 * A key is a local or parameter the rest of the block does not assign, or a global only
 * main sets before any thread starts (pre.stable); it stays a key in a helper it is
 * handed to, through the helper's unassigned parameter of its type (through_params,
 * rf-c-lower-elems.c).
 *
 * A guess costs the rest of the block lowered twice. It is made only where the lock is
 * neither known exactly already nor known to be another cell's, becomes exact under
 * the guess, the rest of the block reaches something through the key besides
 * synchronisation objects, it holds no label, asm, thread creation or join, and fewer
 * than MAX_GUESS_DEPTH guesses are open. */
#include "rf-c-lower-private.h"

#include <string.h>

/* At most this many guesses nest (each doubles the rest of its block). */
#define MAX_GUESS_DEPTH 2

void
lower_rep_grant (Lower *L, GPtrArray *ps)
{
  if (!ps || ps->len != 1)
    return;
  const RfCLoc *pl = g_ptr_array_index (ps, 0);
  size_t n = strlen (pl->path);
  /* a whole object, or an array's element: a cell (not a member of one, whose cell
   * is the enclosing one) */
  if (n == 0 || (n >= 2 && strcmp (pl->path + n - 2, "[]") == 0))
    L->rep_cell = pl;
}

gboolean
lower_rep_exact (Lower *L, GPtrArray *ps)
{
  const RfCLoc *c = L->rep_cell;
  if (!c || !ps || ps->len != 1)
    return FALSE;
  const RfCLoc *pl = g_ptr_array_index (ps, 0);
  size_t n = strlen (c->path);
  return pl->obj == c->obj && strncmp (pl->path, c->path, n) == 0 && !strstr (pl->path + n, "[]");
}

gboolean
lower_one_object (Lower *L, GPtrArray *ps)
{
  if (!ps || ps->len != 1)
    return FALSE;
  const RfCLoc *pl = g_ptr_array_index (ps, 0);
  return (!pl->obj->summary && !strstr (pl->path, "[]")) || lower_rep_exact (L, ps);
}

/* Key: what a guess is about: `base[index]` (base NULL: every named array), or the
 * cell ptr points to. */
typedef struct {
  CDecl *index;
  CExpr *base;
  CDecl *ptr;
} Key;

static gboolean
is_sync (RfCLibcEffect k)
{
  switch (k)
    {
    case RF_C_LIBC_LOCK: case RF_C_LIBC_UNLOCK: case RF_C_LIBC_TRYLOCK: case RF_C_LIBC_RDLOCK:
    case RF_C_LIBC_WRLOCK: case RF_C_LIBC_RWUNLOCK: case RF_C_LIBC_TRY_RDLOCK: case RF_C_LIBC_TRY_WRLOCK:
    case RF_C_LIBC_WAIT: case RF_C_LIBC_SIGNAL: case RF_C_LIBC_BROADCAST: case RF_C_LIBC_SEM_INIT:
    case RF_C_LIBC_SEM_POST: case RF_C_LIBC_SEM_WAIT: case RF_C_LIBC_SEM_TRYWAIT:
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
acquires (RfCLibcEffect k)
{
  return k == RF_C_LIBC_LOCK || k == RF_C_LIBC_TRYLOCK || k == RF_C_LIBC_RDLOCK || k == RF_C_LIBC_WRLOCK
         || k == RF_C_LIBC_TRY_RDLOCK || k == RF_C_LIBC_TRY_WRLOCK;
}

/* The library synchronisation effect of call E (not a function of the program). */
static RfCLibcEffect
sync_effect (Lower *L, CExpr *e)
{
  const char *n = e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  if (!n || lower_func_def (L, n))
    return RF_C_LIBC_UNMODELLED;
  RfCLibcEffect k = lower_effect_of (n);
  return is_sync (k) ? k : RF_C_LIBC_UNMODELLED;
}

/* The key of a lock argument `&base[index]...` or `&ptr->f...`, fixed all through
 * REGION. */
static gboolean
key_of (Lower *L, CExpr *arg, CStmt *region, Key *k)
{
  CExpr *p = c_peel (arg);
  if (!p || p->kind != C_EXPR_UNARY || p->op != C_OP_ADDR)
    return FALSE;
  CExpr *q = c_peel (p->a);
  while (q && q->kind == C_EXPR_MEMBER && !q->arrow)
    q = c_peel (q->a);
  if (!q)
    return FALSE;
  memset (k, 0, sizeof *k);
  if (q->kind == C_EXPR_INDEX)
    {
      CDecl *i = lower_index_decl (L, q->b);
      if (!i || !is_pointerish (L, type_of (L, q->a)) || !lower_elems_fixed_var (L, i, region))
        return FALSE;
      k->index = i;
      if (lower_elems_named_array (L, q->a))
        return TRUE;
      k->base = q->a;
      return lower_elems_fixed_base (L, q->a, region);
    }
  if (q->kind == C_EXPR_MEMBER && q->arrow)
    {
      CDecl *d = lower_ident_decl (q->a);
      k->ptr = d;
      return d && lower_elems_fixed_var (L, d, region);
    }
  return FALSE;
}

/* FindLock: the walk for a lock acquisition with a key. */
typedef struct {
  Lower *L;
  CStmt *region;
  Key key;
  CExpr *arg;
} FindLock;

static CVisitResult
find_lock (CExpr *e, gpointer data)
{
  FindLock *fl = data;
  if (!acquires (sync_effect (fl->L, e)))
    return C_VISIT_CONTINUE;
  if (key_of (fl->L, c_arg (e, 0), fl->region, &fl->key))
    {
      fl->arg = c_arg (e, 0);
      return C_VISIT_STOP;
    }
  return C_VISIT_CONTINUE;
}

/* S's own expressions (not those of the statements inside it) take a lock with a key. */
static gboolean
takes_keyed_lock (FindLock *fl, CStmt *s)
{
  CVisitor v = { .expr = find_lock, .data = fl };
  switch (s->kind)
    {
    case C_STMT_EXPR: case C_STMT_IF: case C_STMT_RETURN: case C_STMT_SWITCH: case C_STMT_WHILE:
      return s->expr && c_visit_expr (&v, s->expr);
    case C_STMT_DECL:
      for (guint i = 0; s->items && i < s->items->len; i++)
        {
          CDecl *d = g_ptr_array_index (s->items, i);
          if (d->kind == C_DECL_VAR && d->init && c_visit_init (&v, d->init))
            return TRUE;
        }
      return FALSE;
    default:
      return FALSE;
    }
}

/* KeyUse: the walk for what the region reaches through the key. */
typedef struct {
  Lower *L;
  const Key *key;
} KeyUse;

static CVisitResult
key_use (CExpr *e, gpointer data)
{
  KeyUse *u = data;
  if (sync_effect (u->L, e) != RF_C_LIBC_UNMODELLED)
    return C_VISIT_SKIP;  /* a synchronisation object through the key: no data */
  const Key *k = u->key;
  if (k->ptr)
    return lower_ident_decl (e) == k->ptr ? C_VISIT_STOP : C_VISIT_CONTINUE;
  if (e->kind == C_EXPR_INDEX && lower_index_decl (u->L, e->b) == k->index
      && (k->base ? lower_same_text (e->a, k->base) : lower_elems_named_array (u->L, e->a)))
    return C_VISIT_STOP;
  /* handed to a function of the program, which may index a named array with it */
  const char *n = e->kind == C_EXPR_CALL && !k->base ? c_callee_name (e) : NULL;
  for (guint i = 0; n && lower_func_def (u->L, n) && e->args && i < e->args->len; i++)
    if (lower_index_decl (u->L, g_ptr_array_index (e->args, i)) == k->index)
      return C_VISIT_STOP;
  return C_VISIT_CONTINUE;
}

static CVisitResult
threads_stmt (CExpr *e, gpointer data)
{
  const char *n = e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  return n && (strcmp (n, "pthread_create") == 0 || strcmp (n, "pthread_join") == 0) ? C_VISIT_STOP
                                                                                      : C_VISIT_CONTINUE;
}

/* How ARG resolves where the lowering stands: 1 exactly one object, 0 certainly
 * another cell than the representative, -1 neither. No edge is made. */
static gint
resolves (Lower *L, CExpr *arg)
{
  gboolean other = L->other_obj, eo = L->elem_other, ei = L->elem_inside;
  const RfCLoc *cell = L->rep_cell;
  guint guessed = L->guessed;
  L->quiet++;
  L->other_obj = FALSE;
  L->rep_cell = NULL;
  g_autoptr (GPtrArray) ps = lower_deref (L, arg);
  gint r = -1;
  if (L->other_obj && ps->len == 0)
    r = 0;
  else if (!L->other_obj && lower_one_object (L, ps))
    r = 1;
  L->quiet--;
  L->other_obj = other;
  L->elem_other = eo;
  L->elem_inside = ei;
  L->rep_cell = cell;
  L->guessed = guessed;
  return r;
}

static gboolean
same_key (ElemSplit *sp, const Key *k)
{
  if (k->ptr)
    return sp->ptr == k->ptr;
  return sp->index == k->index && (k->base ? sp->base && lower_same_text (sp->base, k->base) : !sp->base);
}

static guint
open_guesses (Lower *L)
{
  guint open = 0;
  for (guint k = 0; k < L->elems->len; k++)
    open += ((ElemSplit *) g_ptr_array_index (L->elems, k))->guess;
  return open;
}

/* A guess on KEY for the statements of REGION, pushed with role ELEM_NONE. */
static ElemSplit *
new_guess (Lower *L, const Key *key, CStmt *region)
{
  ElemSplit *sp = g_new0 (ElemSplit, 1);
  sp->loop = region;
  sp->guess = TRUE;
  sp->index = key->index;
  sp->base = key->base;
  sp->value = key->index && !key->base;
  sp->ptr = key->ptr;
  sp->frame = L->frame;
  sp->role = ELEM_NONE;
  sp->inner = g_hash_table_new (NULL, NULL);
  CVisitor cv = { .stmt = lower_elems_collect_inner, .data = sp->inner };
  c_visit_stmt (&cv, region);
  g_ptr_array_add (L->elems, sp);
  return sp;
}

/* A guess for the statements of REGION (the rest of a block from a statement taking a
 * lock with a key), pushed with role ELEM_NONE, or NULL. */
static ElemSplit *
guess_begin (Lower *L, CStmt *region)
{
  FindLock fl = { L, region, { NULL, NULL, NULL }, NULL };
  if (!takes_keyed_lock (&fl, g_ptr_array_index (region->items, 0)))
    return NULL;
  CVisitor tv = { .expr = threads_stmt };
  if (lower_stmt_touches (region, NULL) || c_visit_stmt (&tv, region))
    return NULL;
  for (guint k = 0; k < L->elems->len; k++)
    {
      ElemSplit *sp = g_ptr_array_index (L->elems, k);
      if (sp->guess && sp->frame == L->frame && same_key (sp, &fl.key))
        return NULL;
    }
  KeyUse u = { L, &fl.key };
  CVisitor uv = { .expr = key_use, .data = &u };
  if (!c_visit_stmt (&uv, region))
    return NULL;  /* only synchronisation through the key: no data to keep apart */
  ElemSplit *sp = new_guess (L, &fl.key, region);
  /* worth it only when the lock is not known already and the guess makes it known */
  gint before = resolves (L, fl.arg);
  sp->role = ELEM_REP;
  gint rep = resolves (L, fl.arg);
  sp->role = ELEM_NONE;
  if (before != -1 || rep != 1)
    {
      lower_elems_end (L, sp);
      return NULL;
    }
  return sp;
}

/* The text of key K, for the edges. Owned. */
static char *
key_text (const Key *k)
{
  if (k->ptr)
    return g_strdup_printf ("*%s", k->ptr->name ? k->ptr->name : "?");
  g_autoptr (GString) b = g_string_new (NULL);
  if (k->base)
    c_expr_text (k->base, b);
  else
    g_string_append (b, "every array");
  g_string_append_printf (b, "[%s]", k->index->name ? k->index->name : "?");
  return g_string_free (g_steal_pointer (&b), FALSE);
}

/* ---- tickets ---- */

static gboolean
is_fetch_add (const char *n)
{
  static const char *const adds[] = { "__atomic_fetch_add", "__atomic_add_fetch", "__sync_fetch_and_add",
                                      "__sync_add_and_fetch", "atomic_fetch_add", "atomic_fetch_add_explicit",
                                      "__c11_atomic_fetch_add", NULL };
  for (guint k = 0; n && adds[k]; k++)
    if (strcmp (n, adds[k]) == 0)
      return TRUE;
  return FALSE;
}

/* The counter G of a draw E, an atomic add of a positive constant to G, or NULL. */
static CDecl *
draw_counter (CExpr *e)
{
  e = c_peel (e);
  gint64 c = 0;
  if (!e || e->kind != C_EXPR_CALL || !is_fetch_add (c_callee_name (e)) || !c_const_int (c_arg (e, 1), &c) || c <= 0)
    return NULL;
  CExpr *a = c_peel (c_arg (e, 0));
  if (!a || a->kind != C_EXPR_UNARY || a->op != C_OP_ADDR)
    return NULL;
  CDecl *g = lower_ident_decl (a->a);
  return g && g->kind == C_DECL_VAR && c_is_static_object (g) ? g : NULL;
}

/* Draws: the walk counting the changes of counter other than draws (bad); body: the
 * function walked; loads: `&counter` expressions that only atomic loads use. */
typedef struct {
  CDecl *counter;
  guint bad;
  CStmt *body;
  GHashTable *loads;
} Draws;

/* Call E is an atomic load through its first argument (`__atomic_load_n (p, mo)`,
 * `__atomic_load (p, &tmp, mo)`). */
static gboolean
is_atomic_load (CExpr *e)
{
  const char *n = e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  const RfCLibcFunc *f = n ? rf_c_libc_lookup (n) : NULL;
  return f && (f->effect == RF_C_LIBC_ATOMIC_LOAD || f->effect == RF_C_LIBC_ATOMIC_LOAD_GENERIC);
}

/* LoadUses: the walk counting the uses of pointer p (all) and those as an atomic
 * load's first argument (loads). */
typedef struct {
  CDecl *p;
  guint all, loads;
} LoadUses;

static CVisitResult
load_use (CExpr *e, gpointer data)
{
  LoadUses *u = data;
  if (lower_ident_decl (e) == u->p && e->kind == C_EXPR_IDENT)
    u->all++;
  else if (is_atomic_load (e) && lower_ident_decl (c_arg (e, 0)) == u->p)
    u->loads++;
  return C_VISIT_CONTINUE;
}

/* `T *p = &counter;` with p used only by atomic loads through it (C11's atomic_load,
 * as <stdatomic.h> spells it: a statement expression keeping the pointer). */
static CVisitResult
load_pointer (CStmt *s, gpointer data)
{
  Draws *d = data;
  for (guint i = 0; s->kind == C_STMT_DECL && s->items && i < s->items->len; i++)
    {
      CDecl *p = g_ptr_array_index (s->items, i);
      CExpr *a = p->kind == C_DECL_VAR && p->init && p->init->expr ? c_peel (p->init->expr) : NULL;
      if (!a || a->kind != C_EXPR_UNARY || a->op != C_OP_ADDR || lower_ident_decl (a->a) != d->counter
          || c_is_static_object (p))
        continue;
      LoadUses u = { p, 0, 0 };
      c_visit_stmt (&(CVisitor) { .expr = load_use, .data = &u }, d->body);
      if (u.all == u.loads)
        g_hash_table_add (d->loads, a);
    }
  return C_VISIT_CONTINUE;
}

static CVisitResult
count_draws (CExpr *e, gpointer data)
{
  Draws *d = data;
  if (e->kind == C_EXPR_CALL && draw_counter (e) == d->counter)
    return C_VISIT_SKIP;
  /* an atomic load of it reads it (`__atomic_load_n (&next, mo)`) */
  CExpr *a0 = is_atomic_load (e) ? c_peel (c_arg (e, 0)) : NULL;
  if ((a0 && a0->kind == C_EXPR_UNARY && a0->op == C_OP_ADDR && lower_ident_decl (a0->a) == d->counter)
      || g_hash_table_contains (d->loads, e))
    return C_VISIT_SKIP;
  CExpr *w = e->kind == C_EXPR_ASSIGN ? e->a
             : e->kind == C_EXPR_UNARY && (e->op == C_OP_ADDR || e->op == C_OP_PREINC || e->op == C_OP_PREDEC
                                           || e->op == C_OP_POSTINC || e->op == C_OP_POSTDEC) ? e->a : NULL;
  if (w && lower_ident_decl (w) == d->counter)
    d->bad++;
  return C_VISIT_CONTINUE;
}

/* Every change of G in the program is a draw: nothing else assigns or steps it or
 * takes its address (reads, plain or atomic, leave the draws unique). */
static gboolean
only_drawn (Lower *L, CDecl *g)
{
  g_autoptr (GHashTable) loads = g_hash_table_new (NULL, NULL);
  Draws d = { g, 0, NULL, loads };
  CVisitor v = { .stmt = load_pointer, .expr = count_draws, .data = &d };
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *f = g_ptr_array_index (L->decls, i);
      d.body = f->kind == C_DECL_FUNC ? f->body : NULL;
      if (f->kind == C_DECL_FUNC && f->body)
        c_visit_stmt (&v, f->body);
      else if (f->kind == C_DECL_VAR && f != g && f->init)
        c_visit_init (&v, f->init);
    }
  return d.bad == 0;
}

/* D is a thread-local that one expression of the program sets (and nothing takes
 * its address): within its thread it changes only there. */
static gboolean
tls_once (Lower *L, CDecl *d)
{
  return d->thread_local && c_is_static_object (d)
         && GPOINTER_TO_UINT (g_hash_table_lookup (L->pre.static_writes, d)) == 1;
}

/* S stores a ticket in a local (`int me = draw;`, `me = draw;`): that local, its
 * counter in *COUNTER; else NULL. */
static CDecl *
ticket_of (Lower *L, CStmt *s, CDecl **counter)
{
  CDecl *me = NULL;
  CExpr *draw = NULL;
  if (s->kind == C_STMT_DECL && s->items && s->items->len == 1)
    {
      CDecl *d = g_ptr_array_index (s->items, 0);
      if (d->kind == C_DECL_VAR && !c_is_static_object (d) && d->init && d->init->expr)
        me = d, draw = d->init->expr;
    }
  else if (s->kind == C_STMT_EXPR && s->expr && s->expr->kind == C_EXPR_ASSIGN && s->expr->op == C_OP_ASSIGN)
    {
      /* a local, or a thread-local this statement alone sets */
      CDecl *d = lower_ident_decl (s->expr->a);
      if (d && (d->kind == C_DECL_VAR || d->kind == C_DECL_PARAM)
          && (!c_is_static_object (d) || tls_once (L, d)))
        me = d, draw = s->expr->b;
    }
  *counter = draw ? draw_counter (draw) : NULL;
  if (!*counter || !only_drawn (L, *counter))
    return NULL;
  /* me holds every value the counter takes: no two draws end up alike */
  for (CExpr *c = draw; c && c->kind == C_EXPR_CAST; c = c->a)
    if (!lower_int_preserves (L, c->type, type_of (L, c->a)))
      return NULL;
  return lower_int_preserves (L, me->type, (*counter)->type) ? me : NULL;
}

/* Lowers the statements of REGION once per role of guess SP: from the current node,
 * TAKE (or -1) taken on the way into the representative's branch. */
static void
lower_branches (Lower *L, CStmt *block, guint first, CStmt *region, ElemSplit *sp, gint take, const char *kt)
{
  GPtrArray *items = region->items;
  g_autofree char *t_rep = g_strdup_printf ("guess: %s is the representative cell", kt);
  g_autofree char *t_other = g_strdup_printf ("guess: %s is another cell", kt);
  guint start = L->cur, out = lower_node (L, region->loc), scope = L->scope_cleanups->len;
  g_autoptr (GHashTable) fresh = lower_fresh_copy (L->priv.fresh);
  g_autoptr (GHashTable) rep_fresh = NULL;
  for (gint role = ELEM_REP; role >= ELEM_OTHER; role--)
    {
      g_ptr_array_set_size (L->scope_cleanups, scope);  /* the cleanup variables before it */
      if (role == ELEM_OTHER)
        {
          rep_fresh = lower_fresh_copy (L->priv.fresh);
          g_hash_table_unref (L->priv.fresh);
          L->priv.fresh = lower_fresh_copy (fresh);
        }
      guint n = lower_node (L, region->loc);
      gboolean takes = role == ELEM_REP && take >= 0;
      lower_edge (L, start, n, takes ? RF_OP_ACQUIRE : RF_OP_SKIP, takes ? take : -1, takes ? RF_ACQUIRE_TRY : -1, region->loc,
                  role == ELEM_REP ? t_rep : t_other);
      L->cur = n;
      sp->role = role;
      for (guint k = 0; k < items->len; k++)
        {
          /* a later lock with another key: a guess inside this one */
          if (k > 0 && lower_guess_block (L, block, first + k))
            break;
          lower_stmt (L, g_ptr_array_index (items, k));
        }
      sp->role = ELEM_NONE;
      lower_edge (L, L->cur, out, RF_OP_SKIP, -1, -1, block->end, NULL);
    }
  lower_fresh_meet (L, rep_fresh);
  L->cur = out;
}

/* The statements of BLOCK from FIRST on, as a compound statement (ITEMS its items). */
static void
region_of (CStmt *block, guint first, CStmt *region, GPtrArray *items)
{
  memset (region, 0, sizeof *region);
  region->kind = C_STMT_COMPOUND;
  region->loc = ((CStmt *) g_ptr_array_index (block->items, first))->loc;
  for (guint k = first; k < block->items->len; k++)
    g_ptr_array_add (items, g_ptr_array_index (block->items, k));
  region->items = items;
}

/* A ticket drawn by item I of BLOCK, used by the rest of the block: the draw lowered,
 * then the rest once per role. */
static gboolean
ticket_block (Lower *L, CStmt *block, guint i)
{
  CDecl *counter = NULL;
  CDecl *me = ticket_of (L, g_ptr_array_index (block->items, i), &counter);
  if (!me || i + 1 >= block->items->len)
    return FALSE;
  CStmt region;
  g_autoptr (GPtrArray) items = g_ptr_array_new ();
  region_of (block, i + 1, &region, items);
  Key key = { me, NULL, NULL };
  CVisitor tv = { .expr = threads_stmt };
  KeyUse u = { L, &key };
  CVisitor uv = { .expr = key_use, .data = &u };
  gboolean fixed = tls_once (L, me) || lower_elems_fixed_var (L, me, &region);
  /* a thread-local ticket may be used by any function the thread calls */
  if (!fixed || lower_stmt_touches (&region, NULL) || c_visit_stmt (&tv, &region)
      || (!tls_once (L, me) && !c_visit_stmt (&uv, &region)))
    return FALSE;
  ElemSplit *sp = new_guess (L, &key, &region);
  lower_stmt (L, g_ptr_array_index (block->items, i));  /* the draw */
  g_autofree char *tname = g_strdup_printf ("ticket$%s", counter->name ? counter->name : "?");
  gint take = lower_var (L, tname, RF_VAR_LOCK, counter->loc);
  g_autofree char *kt = g_strdup_printf ("%s (a ticket of %s)", me->name ? me->name : "?", counter->name);
  lower_branches (L, block, i + 1, &region, sp, take, kt);
  lower_elems_end (L, sp);
  return TRUE;
}

gboolean
lower_guess_block (Lower *L, CStmt *block, guint i)
{
  if (L->quiet || !L->frame || !block->items || i >= block->items->len || open_guesses (L) >= MAX_GUESS_DEPTH)
    return FALSE;
  if (ticket_block (L, block, i))
    return TRUE;
  CStmt region;
  g_autoptr (GPtrArray) items = g_ptr_array_new ();
  region_of (block, i, &region, items);
  ElemSplit *sp = guess_begin (L, &region);
  if (!sp)
    return FALSE;
  Key key = { sp->index, sp->base, sp->ptr };
  g_autofree char *kt = key_text (&key);
  lower_branches (L, block, i, &region, sp, -1, kt);
  lower_elems_end (L, sp);
  return TRUE;
}
