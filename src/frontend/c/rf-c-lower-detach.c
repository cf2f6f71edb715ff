/* rf-c-lower-detach: detached threads and joins of the calling thread, for the join
 * misuse questions (rf-deadlock-join.c).
 *
 * Approach. A thread handle the lowering follows (a joinable handle t, see
 * lower_handle_sem) is noted in the program (RfHandle) with the semaphores that say its
 * thread is detached: `detached$t`, posted by a detach through t, and `detached_self$t`,
 * posted by a thread created into t when it detaches itself. A create into t with an
 * attribute set detached on every path to it (below: a must-set along the lowering)
 * posts `detached$t` after it, as a detach through t would; one with an attribute that
 * may be detached otherwise posts `detached$?`: that thread is only maybe detached, and
 * a join of it is never shown, only not proved. Nothing takes them, so they change no
 * other place of the net: every race verdict stays as it was. A detach of a thread the
 * lowering cannot name (through a copy of a handle, a pointer, a parameter) posts
 * `detached$?`, which any joinable handle's thread may be (so a join of a detached
 * thread is then never proved impossible). A join of the calling thread itself
 * (`pthread_join (pthread_self (), r)`, or through a local initialised with
 * pthread_self () and never changed) posts `joins_self$` and goes on: glibc returns
 * EDEADLK at once. The rules:
 *   pthread_detach (t), t joinable:            pc_i -> pc_j + detached$t
 *   pthread_detach (pthread_self ()) in a thread created into joinable t:
 *                                              pc_i -> pc_j + detached_self$t
 *   pthread_create (&t, &a, f, x), a detached on every path:
 *                                              pc_i -> pc_j + entry_f; pc_j -> pc_k + detached$t
 *   pthread_create (&t, &a, f, x), a maybe detached:
 *                                              pc_i -> pc_j + entry_f; pc_j -> pc_k + detached$?
 *   pthread_detach (e), e another thread:      pc_i -> pc_j + detached$?
 *   pthread_join (pthread_self (), r):         pc_i -> pc_j + joins_self$
 * A detach of the calling thread in a thread created into no joinable handle, and one
 * through a handle only ever created into (never joined, assigned or address-taken
 * elsewhere), is a skip: no join the model follows can wait for that thread (its id is
 * only ever in that handle, and a copy of it is not a joinable handle). So is any
 * detach in a program without a joinable handle. */
#include "rf-c-lower-private.h"

#include <string.h>

/* CALL is a call of pthread_self (). */
static gboolean
is_self_call (CExpr *call)
{
  call = c_peel (call);
  return call && call->kind == C_EXPR_CALL && g_strcmp0 (c_callee_name (call), "pthread_self") == 0;
}

/* E always holds the calling thread's id: pthread_self (), or a local initialised with
 * it whose only other use as a handle is a join (HANDLE_SELF). */
static gboolean
is_self (Lower *L, CExpr *e)
{
  CExpr *p = c_peel (e);
  if (is_self_call (p))
    return TRUE;
  if (!p || p->kind != C_EXPR_IDENT || !p->decl || p->decl->kind != C_DECL_VAR || c_is_static_object (p->decl))
    return FALSE;
  int bits = GPOINTER_TO_INT (g_hash_table_lookup (L->pre.handles, p->decl));
  return (bits & ~HANDLE_JOINED) == HANDLE_SELF;
}

/* `pthread_t me = pthread_self ();`: a local that holds its thread's id (HANDLE_SELF,
 * spoilt by any assignment or address taken, which mark HANDLE_BAD). */
void
lower_self_prepass (Lower *L, CDecl *d)
{
  if (d->init && d->init->expr && is_self_call (d->init->expr) && !c_is_static_object (d))
    lower_handle_mark (L, d, HANDLE_SELF);
}

/* pthread_attr_setdetachstate (&a, state): a may make detached threads unless state is
 * PTHREAD_CREATE_JOINABLE by name; an attribute not named as `&a` may be any. */
void
lower_detach_prepass (Lower *L, CExpr *call)
{
  CExpr *state = c_peel (c_arg (call, 1));
  if (state && state->kind == C_EXPR_IDENT && g_strcmp0 (state->text, "PTHREAD_CREATE_JOINABLE") == 0)
    return;
  CExpr *a = c_peel (c_arg (call, 0));
  CDecl *d = a && a->kind == C_EXPR_UNARY && a->op == C_OP_ADDR ? lower_handle_root (L, a->a, NULL) : NULL;
  if (d)
    g_hash_table_add (L->pre.detached_attrs, d);
  else
    L->pre.detached_attr_unknown = TRUE;
}

/* The semaphore NAME$X of joinable handle SEM (`exited$X`). */
static gint
handle_sem (Lower *L, guint sem, const char *kind)
{
  const char *name = rf_program_get_var (L->prog, sem)->name;
  g_assert (g_str_has_prefix (name, "exited$"));
  g_autofree char *s = g_strdup_printf ("%s$%s", kind, name + strlen ("exited$"));
  return lower_var (L, s, RF_VAR_SEM, rf_program_get_var (L->prog, sem)->loc);
}

/* Notes joinable handle D (part PATH, told apart by its creator's role when ROLE) and
 * its semaphore SEM in the program (RfHandleScope): a whole variable, the first
 * declaration SEM was named for, is ONE object when of static storage and not
 * thread-local, else LOCAL; anything else is MANY. */
void
lower_handle_note (Lower *L, CDecl *d, const char *path, gboolean role, guint sem)
{
  CDecl *first = g_hash_table_lookup (L->handle_decls, GINT_TO_POINTER (sem));
  if (!first)
    g_hash_table_insert (L->handle_decls, GINT_TO_POINTER (sem), first = d);
  RfHandleScope scope = first != d || *path || role ? RF_HANDLE_MANY
                        : c_is_static_object (d) && !d->thread_local ? RF_HANDLE_ONE : RF_HANDLE_LOCAL;
  RfHandle h = { sem, -1, -1, scope };
  rf_program_note_handle (L->prog, &h);
}

/* The program has a joinable handle (a handle created into and joined, nothing else). */
static gboolean
has_joinable (Lower *L)
{
  GHashTableIter it;
  gpointer bits;
  g_hash_table_iter_init (&it, L->pre.handles);
  while (g_hash_table_iter_next (&it, NULL, &bits))
    if (GPOINTER_TO_INT (bits) == (HANDLE_CREATED | HANDLE_JOINED))
      return TRUE;
  return FALSE;
}

/* Posts detached$? (a detach of a thread the model cannot name) at LOC. */
static void
post_detached_any (Lower *L, RfLoc loc, const char *text)
{
  gint any = lower_var (L, "detached$?", RF_VAR_SEM, loc);
  if (any < 0)
    return;
  rf_program_set_detached_any (L->prog, (guint) any);
  lower_emit (L, RF_OP_POST, any, -1, loc, text);
}

/* Posts detached semaphore D of handle SEM (KIND: "detached" or "detached_self") at
 * LOC, noting it in the handle. */
static void
post_detached (Lower *L, guint sem, const char *kind, RfLoc loc, const char *text)
{
  gint d = handle_sem (L, sem, kind);
  if (d < 0)
    return;
  gboolean self = strcmp (kind, "detached_self") == 0;
  RfHandle h = { sem, self ? -1 : d, self ? d : -1, RF_HANDLE_ONE };  /* ONE: keeps the scope noted */
  rf_program_note_handle (L->prog, &h);
  lower_emit (L, RF_OP_POST, d, -1, loc, text);
}

/* pthread_detach (e): see the rules at the top. */
void
lower_detach_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  (void) lib;
  lower_eval_args (L, e, 0);
  CExpr *arg = c_arg (e, 0);
  g_autoptr (GString) t = g_string_new (NULL);
  c_expr_text (arg, t);
  g_autofree char *text = g_strdup_printf ("%s(%s)", name, t->str);
  if (is_self (L, arg))
    {
      gint own = L->job_id < L->jobs.exit_sem->len ? g_array_index (L->jobs.exit_sem, gint, L->job_id) : -1;
      if (own >= 0)
        post_detached (L, (guint) own, "detached_self", loc, text);
      return;
    }
  gint sem = arg ? lower_handle_sem (L, arg) : -1;
  if (sem >= 0)
    {
      post_detached (L, (guint) sem, "detached", loc, text);
      return;
    }
  CDecl *d = arg ? lower_handle_root (L, arg, NULL) : NULL;
  if (d && GPOINTER_TO_INT (g_hash_table_lookup (L->pre.handles, d)) == HANDLE_CREATED)
    return;
  if (has_joinable (L))
    post_detached_any (L, loc, text);
}

/* D is a local attribute that only its own statements change: never assigned whole nor
 * reached through a pointer kept anywhere. */
static gboolean
private_attr (Lower *L, CDecl *d)
{
  return d && d->kind == C_DECL_VAR && !c_is_static_object (d) && !g_hash_table_contains (L->pre.assigned_whole, d)
         && !g_hash_table_contains (L->pre.escaped, d);
}

/* The private attribute (private_attr) E points to: `&a`. */
static CDecl *
attr_of (Lower *L, CExpr *e)
{
  CExpr *a = c_peel (e);
  CDecl *d = a && a->kind == C_EXPR_UNARY && a->op == C_OP_ADDR ? lower_handle_root (L, a->a, NULL) : NULL;
  CExpr *id = d ? c_peel (a->a) : NULL;
  return id && id->kind == C_EXPR_IDENT && private_attr (L, d) ? d : NULL;
}

/* Detached attributes, flow-sensitively. Right after
 * `pthread_attr_setdetachstate (&a, PTHREAD_CREATE_DETACHED);`, a a private local
 * attribute (private_attr), a makes detached threads until a statement names a again
 * other than as `&a` given to pthread_create or to a pthread_attr_ function that does not
 * set the detach state (pthread_attr_setdetachstate and pthread_attr_init do). Such an
 * a is in L->priv.fresh, the must-set of rf-c-lower-fresh.c (its branches meet, its
 * loops and labels drop what they may change): lower_fresh_kill drops a at any other
 * use (lower_detach_touched), lower_fresh_gen_stmt adds it (lower_detach_gen). */

/* Walk: the names of the attributes of L->priv.fresh in uses that keep their state. */
typedef struct {
  Lower *L;
  GHashTable *kept;     /* CExpr* `a` in `&a` given to pthread_create and the like */
  GHashTable *touched;  /* CDecl*: the attributes used otherwise */
} AttrUses;

static CVisitResult
attr_keeps (CExpr *e, gpointer data)
{
  AttrUses *u = data;
  const char *n = e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  guint k = n && strcmp (n, "pthread_create") == 0 ? 1 : 0;
  gboolean keeps = n && (k == 1 || (g_str_has_prefix (n, "pthread_attr_") && strcmp (n, "pthread_attr_init") != 0
                                     && strcmp (n, "pthread_attr_setdetachstate") != 0));
  CExpr *a = keeps ? c_peel (c_arg (e, k)) : NULL;
  CExpr *id = a && a->kind == C_EXPR_UNARY && a->op == C_OP_ADDR ? c_peel (a->a) : NULL;
  if (id && id->kind == C_EXPR_IDENT)
    g_hash_table_add (u->kept, id);
  return C_VISIT_CONTINUE;
}

static CVisitResult
attr_touches (CExpr *e, gpointer data)
{
  AttrUses *u = data;
  /* the set's attributes: its members that are no pointers (those are fresh_gen's) */
  if (e->kind == C_EXPR_IDENT && e->decl && g_hash_table_contains (u->L->priv.fresh, e->decl)
      && !is_pointerish (u->L, e->decl->type) && !g_hash_table_contains (u->kept, e))
    g_hash_table_add (u->touched, e->decl);
  return C_VISIT_CONTINUE;
}

void
lower_detach_touched (Lower *L, CStmt *s, CExpr *e, GHashTable *touched)
{
  g_autoptr (GHashTable) kept = g_hash_table_new (NULL, NULL);
  AttrUses u = { L, kept, touched };
  CVisitor k = { .expr = attr_keeps, .data = &u }, t = { .expr = attr_touches, .data = &u };
  if (s)
    c_visit_stmt (&k, s), c_visit_stmt (&t, s);
  if (e)
    c_visit_expr (&k, e), c_visit_expr (&t, e);
}

void
lower_detach_gen (Lower *L, CStmt *s)
{
  CExpr *e = s->kind == C_STMT_EXPR ? c_peel (s->expr) : NULL;
  CExpr *state = e && e->kind == C_EXPR_CALL && g_strcmp0 (c_callee_name (e), "pthread_attr_setdetachstate") == 0
                 ? c_peel (c_arg (e, 1)) : NULL;
  CDecl *d = state && state->kind == C_EXPR_IDENT && g_strcmp0 (state->text, "PTHREAD_CREATE_DETACHED") == 0
             ? attr_of (L, c_arg (e, 0)) : NULL;
  if (d)
    g_hash_table_add (L->priv.fresh, d);
}

/* After pthread_create (&t, attr, ...) into joinable handle SEM (or -1): attr makes
 * detached threads (a in L->priv.fresh, above): the thread t holds is detached from its
 * start (detached$t, as a detach through t); else, when the program may set an
 * attribute detached, attr may make the thread detached unless it is NULL or a private
 * local attribute never set so: the thread may then be detached (detached$?). */
void
lower_create_detached (Lower *L, CExpr *e, gint sem, RfLoc loc)
{
  CExpr *a = c_peel (c_arg (e, 1));
  if (sem < 0 || !a || a->kind == C_EXPR_INT || (g_hash_table_size (L->pre.detached_attrs) == 0
                                                   && !L->pre.detached_attr_unknown))
    return;
  CDecl *d = attr_of (L, a);
  g_autoptr (GString) t = g_string_new (NULL);
  c_expr_text (c_arg (e, 1), t);
  if (d && g_hash_table_contains (L->priv.fresh, d))
    {
      g_autofree char *text = g_strdup_printf ("created detached (%s)", t->str);
      post_detached (L, (guint) sem, "detached", loc, text);
      return;
    }
  /* a local attribute never set detached, assigned or reached by a pointer is not */
  if (d && !g_hash_table_contains (L->pre.detached_attrs, d) && !L->pre.detached_attr_unknown)
    return;
  g_autofree char *text = g_strdup_printf ("created maybe detached (%s)", t->str);
  post_detached_any (L, loc, text);
}

/* pthread_join (e, r) where e is the calling thread itself: posts joins_self$ (see the
 * rules at the top); FALSE when e is not. */
gboolean
lower_join_self (Lower *L, CExpr *e, RfLoc loc)
{
  if (!is_self (L, c_arg (e, 0)))
    return FALSE;
  gint s = lower_var (L, "joins_self$", RF_VAR_SEM, loc);
  if (s < 0)
    return FALSE;
  g_autoptr (GString) t = g_string_new (NULL);
  c_expr_text (c_arg (e, 0), t);
  g_autofree char *text = g_strdup_printf ("pthread_join(%s): joins itself", t->str);
  lower_emit (L, RF_OP_POST, s, -1, loc, text);
  return TRUE;
}
