/* rf-c-lower-elems: the element a thread is given, followed exactly.
 *
 * Approach. A create loop hands each thread its own element, `pthread_create (&t[i],
 * NULL, work, &slot[i])`, and the model has one location per array, so every thread
 * would race with every other on `slot[]`. The representative argument (the one
 * racefree already makes for module objects) fixes that: a race on the array happens
 * on some one element e, and the same run is a run of a model that follows e exactly
 * and drops every access that is certainly to another element. In a loop whose passes
 * each see their own value of the index i (lower_distinct_index), `slot[i]` is e in at
 * most one pass of a run. So the loop is lowered once per role of a pass: passes that
 * touch other elements, at most one pass that touches e, then passes that touch other
 * elements again (rf-c-lower-stmt.c wires them). In the pass of e, `slot[i]` is the
 * array's location as before; in the others it is no location (and the thread created
 * there gets "another element", whose accesses through its argument are none). Every
 * other way to reach an element still reaches the whole array's location: another
 * index, the points-to set, an offset from the element's pointer (`p[1]`: lower_deref_
 * offset widens it), a library call's pointer argument (whose extent may pass the
 * element: resolved whole, elems_off), a lock or semaphore (resolved whole). Since a
 * verdict on `slot[]` is read as "on every element", and every element may be e, the
 * model keeps every real race.
 *
 * Only one base per loop is split, the one the create call's argument indexes, and it
 * must have the same address in every pass: an array (not a parameter), or a local
 * pointer or parameter that the body never changes and whose address is never taken
 * (a global pointer could be moved by another thread between passes), or an array
 * member of either. Two bases of one loop could reach the same element in different
 * passes (`q = p + 1`), so a second base stays whole.
 *
 * Objects alike: a pass that allocates an object and hands it to the thread it creates
 * (`struct arg *a = malloc (sizeof *a); a->id = i; pthread_create (..., a);`) makes a
 * new object each time, so at most one pass of a run makes the object e of a race
 * (memory freed and allocated again is a new object: the allocator orders the old
 * object's accesses before the new one's). The holder must be a local declared in the
 * body with the allocation as its initialiser and never assigned, so that it always
 * holds this pass's object; in another object's pass the allocation is no location
 * (lower_elems_site_role), everywhere else (another pass's holder, the points-to set,
 * a library call) it is the site's object as before. No index is needed. The holder
 * may also be the pass's element `A[i]` of a local array of pointers that the pass
 * sets to the allocation before naming A otherwise, or a local pointer the pass
 * assigns so (held_holder_site): from there on `A[i]` or the pointer holds the pass's
 * object (lower_elems_held_element).
 *
 * Indices alike: a pass that hands its index itself to the thread it creates
 * (`pthread_create (&t[i], NULL, work, (void *) (intptr_t) i)`, the thread then
 * writing `partial[id]`) gives each thread its own index. The representative index
 * is the race element's index in its array, so every named array (an array variable,
 * or an array member of one: indices from its start) is split alike: `X[i]` in the
 * pass, and in the threads `X[id]`, where id is the start routine's parameter or a
 * local initialised with (a cast of) it, neither ever assigned. The thread created in
 * the representative index's pass is a job type of its own (arg_index); in the other
 * threads `X[id]` is no location. A pointer base is not split here (it may point into
 * the middle of an array). */
#include "rf-c-lower-private.h"

#include <string.h>

/* At most this many split loops nest (each multiplies its body by three). */
#define MAX_SPLIT_DEPTH 2

gboolean
lower_elems_fixed_var (Lower *L, CDecl *d, CStmt *body)
{
  if (d && c_is_static_object (d))  /* set by main alone, before any thread starts */
    return g_hash_table_contains (L->pre.stable, d) && !lower_stmt_touches (body, d);
  if (!d || (d->kind != C_DECL_VAR && d->kind != C_DECL_PARAM))
    return FALSE;
  CDecl *fn = cur_fn (L);
  return !lower_stmt_touches (body, d) && !(fn && fn->body && lower_body_takes_addr (L, fn->body, d));
}

/* B denotes the same address in every pass of a loop with body BODY. */
gboolean
lower_elems_fixed_base (Lower *L, CExpr *b, CStmt *body)
{
  b = c_peel (b);
  if (!b)
    return FALSE;
  CType *t = strip (L, type_of (L, b));
  if (!t)
    return FALSE;
  if (b->kind == C_EXPR_IDENT && b->decl)
    {
      if (t->kind == C_TYPE_ARRAY)
        return b->decl->kind == C_DECL_VAR;
      return t->kind == C_TYPE_POINTER && lower_elems_fixed_var (L, b->decl, body);
    }
  if (b->kind == C_EXPR_MEMBER && t->kind == C_TYPE_ARRAY)
    {
      /* an array member of a fixed object: s.a, p->a */
      CExpr *o = c_peel (b->a);
      if (!b->arrow)
        {
          CType *ot = o ? strip (L, type_of (L, o)) : NULL;
          return o && ot && (ot->kind == C_TYPE_STRUCT || ot->kind == C_TYPE_UNION)
                 && ((o->kind == C_EXPR_IDENT && o->decl && o->decl->kind != C_DECL_FUNC) || lower_elems_fixed_base (L, o, body));
        }
      return o && o->kind == C_EXPR_IDENT && lower_elems_fixed_var (L, o->decl, body);
    }
  return FALSE;
}

/* The base B when E is a pointer to the element `B[D]` (or into it): `&B[D]`,
 * `&B[D].f`, `B + D`, the row `B[D]` of a two-dimensional array, or a local declared
 * in BODY and initialised with one of those; else NULL. */
static CExpr *
elem_base (Lower *L, CExpr *e, CDecl *d, GHashTable *inner, guint depth)
{
  e = c_peel (e);
  if (!e || depth > 2)
    return NULL;
  if (e->kind == C_EXPR_UNARY && e->op == C_OP_ADDR)
    {
      CExpr *q = c_peel (e->a);
      while (q && q->kind == C_EXPR_MEMBER && !q->arrow)
        q = c_peel (q->a);
      return q && q->kind == C_EXPR_INDEX && lower_index_decl (L, q->b) == d ? q->a : NULL;
    }
  if (e->kind == C_EXPR_BINARY && e->op == C_OP_ADD)
    {
      if (lower_index_decl (L, e->b) == d && is_pointerish (L, type_of (L, e->a)))
        return e->a;
      if (lower_index_decl (L, e->a) == d && is_pointerish (L, type_of (L, e->b)))
        return e->b;
      return NULL;
    }
  if (e->kind == C_EXPR_INDEX && lower_index_decl (L, e->b) == d)
    {
      CType *t = strip (L, type_of (L, e));
      return t && t->kind == C_TYPE_ARRAY ? e->a : NULL;
    }
  /* struct job *j = &jobs[i]; ... pthread_create (..., j): j declared in the body
   * (else its value is not this pass's) */
  if (e->kind == C_EXPR_IDENT && e->decl && g_hash_table_contains (inner, e->decl) && e->decl->init
      && e->decl->init->expr)
    return elem_base (L, e->decl->init->expr, d, inner, depth + 1);
  return NULL;
}

/* ---- is a split worth its cost? ----
 * Each split loop gives the threads it creates two job types, which the search pays
 * for. A split can only remove a race on the base when some element is written: by
 * the loop body (`slot[i].lo = ...` before the create) or by the thread through its
 * argument. Both are read from the source; a wrong guess costs precision, never
 * soundness. */

/* The innermost variable an lvalue (or pointer) expression E is reached from through
 * members, indices and dereferences. */
static CExpr *
lvalue_root (CExpr *e)
{
  for (e = c_peel (e); e;)
    {
      if (e->kind == C_EXPR_MEMBER || e->kind == C_EXPR_INDEX)
        e = c_peel (e->a);
      else if (e->kind == C_EXPR_UNARY && e->op == C_OP_DEREF)
        e = c_peel (e->a);
      else if (e->kind == C_EXPR_BINARY && (e->op == C_OP_ADD || e->op == C_OP_SUB))
        e = c_peel (e->a);
      else
        return e;
    }
  return NULL;
}

/* The expression written by E (an assignment's left side, an increment's operand). */
static CExpr *
written (CExpr *e)
{
  if (e->kind == C_EXPR_ASSIGN)
    return e->a;
  if (e->kind == C_EXPR_UNARY && (e->op == C_OP_PREINC || e->op == C_OP_PREDEC || e->op == C_OP_POSTINC
                                  || e->op == C_OP_POSTDEC))
    return e->a;
  return NULL;
}

/* WriteScan: the walks below. */
typedef struct {
  CExpr *base;          /* the loop body: `base[index]` written */
  CDecl *index;
  GHashTable *vars;     /* the start routine: its parameter and the locals copied from it */
  Lower *L;
  gboolean derived;     /* vars: also the locals computed from them (`lo = id * chunk`),
                         * and only a `for` loop's own index counts as indexing (fors:
                         * the variables `for` statements declare, a chunk loop's) */
  GHashTable *fors;
} WriteScan;

static CVisitResult
body_writes_elem (CExpr *e, gpointer data)
{
  WriteScan *w = data;
  CExpr *l = c_peel (written (e));
  while (l && ((l->kind == C_EXPR_MEMBER && !l->arrow) || (l->kind == C_EXPR_INDEX && lower_ident_decl (l->b) != w->index)))
    l = c_peel (l->a);
  return l && l->kind == C_EXPR_INDEX && lower_ident_decl (l->b) == w->index && lower_same_text (l->a, w->base)
         ? C_VISIT_STOP : C_VISIT_CONTINUE;
}

static gboolean
is_arg_var (WriteScan *w, CExpr *e)
{
  e = c_peel (e);
  return e && e->kind == C_EXPR_IDENT && e->decl && g_hash_table_contains (w->vars, e->decl);
}

static CVisitResult
names_var (CExpr *e, gpointer data)
{
  return e->kind == C_EXPR_IDENT && e->decl && g_hash_table_contains (data, e->decl) ? C_VISIT_STOP : C_VISIT_CONTINUE;
}

static CVisitResult
routine_copies (CStmt *s, gpointer data)
{
  WriteScan *w = data;
  CVisitor nv = { .expr = names_var, .data = w->vars };
  if (w->derived && s->kind == C_STMT_FOR && s->init && s->init->kind == C_STMT_DECL)
    for (guint i = 0; s->init->items && i < s->init->items->len; i++)
      g_hash_table_add (w->fors, g_ptr_array_index (s->init->items, i));
  if (s->kind == C_STMT_DECL)
    for (guint i = 0; s->items && i < s->items->len; i++)
      {
        CDecl *d = g_ptr_array_index (s->items, i);
        if (d->init && d->init->expr
            && (is_arg_var (w, d->init->expr) || (w->derived && c_visit_expr (&nv, d->init->expr))))
          g_hash_table_add (w->vars, d);
      }
  if (s->kind == C_STMT_RETURN && s->expr && is_arg_var (w, s->expr))
    return C_VISIT_STOP;  /* handed to the joiner */
  return C_VISIT_CONTINUE;
}

static CVisitResult
routine_writes_arg (CExpr *e, gpointer data)
{
  WriteScan *w = data;
  CExpr *l = written (e);
  if (l)
    {
      CExpr *r = lvalue_root (l);
      /* through it (p->f = ..., *p = ...), or the pointer copied somewhere */
      if (r && r != c_peel (l) && is_arg_var (w, r))
        return C_VISIT_STOP;
      if (e->kind == C_EXPR_ASSIGN && is_arg_var (w, e->b))
        return c_peel (l)->kind == C_EXPR_IDENT && is_arg_var (w, l) ? C_VISIT_CONTINUE : C_VISIT_STOP;
    }
  if (e->kind == C_EXPR_CALL)
    for (guint i = 0; e->args && i < e->args->len; i++)
      {
        CExpr *r = lvalue_root (g_ptr_array_index (e->args, i));
        if (r && is_arg_var (w, r))
          return C_VISIT_STOP;  /* handed to a function, which may write through it */
      }
  return C_VISIT_CONTINUE;
}

/* B is a named array: an array variable (not a parameter), or an array member of a
 * struct variable, so that an index counts from the start of one array object (or a
 * field of the thread's object its pass set to one); or a
 * global pointer fixed while threads run that only ever holds a new allocation
 * (pre.fresh_globals): every thread indexes from the start of the one object it
 * points to then. */
gboolean
lower_elems_named_array (Lower *L, CExpr *b)
{
  /* a thread's pointer field that its pass set to a named array (argfields) */
  if (lower_argfield_named (L, b))
    return TRUE;
  b = c_peel (b);
  if (b && b->kind == C_EXPR_IDENT && b->decl && g_hash_table_contains (L->pre.fresh_globals, b->decl))
    return TRUE;
  CType *t = b ? strip (L, type_of (L, b)) : NULL;
  if (!t || t->kind != C_TYPE_ARRAY)
    return FALSE;
  while (b && b->kind == C_EXPR_MEMBER && !b->arrow)
    b = c_peel (b->a);
  return b && b->kind == C_EXPR_IDENT && b->decl && b->decl->kind == C_DECL_VAR;
}

static CVisitResult
any_call (CExpr *e, gpointer data)
{
  return e->kind == C_EXPR_CALL ? C_VISIT_STOP : C_VISIT_CONTINUE;
}

/* E reads the index parameter P holds: P itself (through casts), or with DEREF (the
 * index handed through an element) what P points to, `*(const int *) arg`, read as a
 * type that keeps every value of INDEX's (when given). */
static gboolean
reads_param (Lower *L, CExpr *e, CDecl *p, gboolean deref, CDecl *index)
{
  e = c_peel (e);
  if (!deref)
    return e && e->kind == C_EXPR_IDENT && e->decl == p;
  /* through the parameter or a local copy of it (`const int *id = arg; ... *id`) */
  return e && e->kind == C_EXPR_UNARY && e->op == C_OP_DEREF
         && (lower_ident_decl (e->a) == p || lower_thread_arg (L, e->a))
         && (!index || lower_keeps_thread_index (L, type_of (L, e), index->type));
}

/* Thread-local D is set once in the program, to (a cast of) FN's parameter P (or what
 * it points to, DEREF), by a statement of FN's body that only declarations without
 * calls come before: from then on, in a thread started at FN, D holds its index. The
 * value set, or NULL. */
static CExpr *
tls_index (Lower *L, CDecl *fn, CDecl *d, CDecl *p, gboolean deref, CDecl *index)
{
  if (!d->thread_local || !c_is_static_object (d)
      || GPOINTER_TO_UINT (g_hash_table_lookup (L->pre.static_writes, d)) != 1 || fn->body->kind != C_STMT_COMPOUND)
    return NULL;
  CVisitor cv = { .expr = any_call };
  for (guint i = 0; fn->body->items && i < fn->body->items->len; i++)
    {
      CStmt *s = g_ptr_array_index (fn->body->items, i);
      if (s->kind == C_STMT_EXPR && s->expr && s->expr->kind == C_EXPR_ASSIGN && s->expr->op == C_OP_ASSIGN)
        return lower_ident_decl (s->expr->a) == d && reads_param (L, s->expr->b, p, deref, index) ? s->expr->b : NULL;
      if (s->kind != C_STMT_DECL || c_visit_stmt (&cv, s))
        return NULL;
    }
  return NULL;
}

/* D holds the index the running thread was given (a value split): its start routine's
 * parameter, or a local initialised with (a cast of) it, neither ever assigned nor
 * its address taken, in a start routine that is not recursive; or a thread-local the
 * routine sets to it first (tls_index). */
static gboolean
thread_index_var (Lower *L, CDecl *d)
{
  Frame *f = L->frame;
  while (f && f->up)
    f = f->up;
  if (!d || !f || !f->fn || !f->fn->params || f->fn->params->len == 0
      || g_hash_table_contains (L->pre.recursive, f->fn))
    return FALSE;
  CDecl *p = g_ptr_array_index (f->fn->params, 0);
  if (g_hash_table_contains (L->pre.assigned, p) || g_hash_table_contains (L->pre.escaped, p))
    return FALSE;
  /* the index's type, given at the creation: the copy must keep every value of it */
  CDecl *index = L->job && L->job_id < L->jobs.arg_index_decl->len ? g_ptr_array_index (L->jobs.arg_index_decl, L->job_id)
                                                                    : NULL;
  /* handed through an element that holds it: the parameter points to the index; or
   * through a field of the object it points to (rf-c-lower-argfields.c) */
  guint by = L->job && L->job_id < L->jobs.arg_index_deref->len
             ? g_array_index (L->jobs.arg_index_deref, guint, L->job_id) : INDEX_BY_VALUE;
  gboolean deref = by == INDEX_BY_DEREF;
  if (d == p)
    return by == INDEX_BY_VALUE;
  if (by == INDEX_BY_FIELD)
    return index && d->kind == C_DECL_VAR && !c_is_static_object (d) && d->init && d->init->expr
           && !g_hash_table_contains (L->pre.assigned, d) && !g_hash_table_contains (L->pre.escaped, d)
           && lower_argfield_is_index (L, d->init->expr) && lower_casts_keep (L, d->init->expr, index->type)
           && lower_keeps_thread_index (L, d->type, index->type);
  CExpr *set = tls_index (L, f->fn, d, p, deref, index);
  if (set)
    return !index || (lower_casts_keep (L, set, index->type) && lower_keeps_thread_index (L, d->type, index->type));
  return d->kind == C_DECL_VAR && !c_is_static_object (d) && d->init && d->init->expr
         && !g_hash_table_contains (L->pre.assigned, d) && !g_hash_table_contains (L->pre.escaped, d)
         && reads_param (L, d->init->expr, p, deref, index)
         && (!index || (lower_casts_keep (L, d->init->expr, index->type) && lower_keeps_thread_index (L, d->type, index->type)));
}

/* E reads the index the running thread was handed through an element that holds it
 * (`*id`, id its argument or a copy: INDEX_BY_DEREF). */
static gboolean
reads_given_index (Lower *L, CExpr *e)
{
  Frame *f = L->frame;
  while (f && f->up)
    f = f->up;
  guint by = L->job && L->job_id < L->jobs.arg_index_deref->len
             ? g_array_index (L->jobs.arg_index_deref, guint, L->job_id) : INDEX_BY_VALUE;
  CDecl *index = L->job && L->job_id < L->jobs.arg_index_decl->len ? g_ptr_array_index (L->jobs.arg_index_decl, L->job_id)
                                                                    : NULL;
  if (by != INDEX_BY_DEREF || !f || !f->fn || !f->fn->params || f->fn->params->len == 0
      || g_hash_table_contains (L->pre.recursive, f->fn))
    return FALSE;
  CDecl *p = g_ptr_array_index (f->fn->params, 0);
  return !g_hash_table_contains (L->pre.assigned, p) && !g_hash_table_contains (L->pre.escaped, p)
         && index && lower_casts_keep (L, e, index->type) && reads_param (L, e, p, TRUE, index);
}

gboolean
lower_thread_index_var (Lower *L, CDecl *d)
{
  return thread_index_var (L, d);
}

/* A written lvalue indexed by VAR somewhere along its chain (`X[id].f = ...`). */
static CVisitResult
writes_indexed (CExpr *e, gpointer data)
{
  WriteScan *w = data;
  for (CExpr *l = c_peel (written (e)); l; l = c_peel (l->a))
    {
      if (l->kind == C_EXPR_INDEX && (w->vars ? is_arg_var (w, l->b) : lower_ident_decl (l->b) == w->index)
          && (!w->derived || g_hash_table_contains (w->fors, lower_ident_decl (l->b))))
        return C_VISIT_STOP;
      if (l->kind != C_EXPR_INDEX && l->kind != C_EXPR_MEMBER)
        break;
    }
  return C_VISIT_CONTINUE;
}

/* Walks the body of the start routine of CREATE with EXPR (W's vars: its parameter
 * and the locals copied from it, found first): TRUE when EXPR stops, or when the
 * routine is given by pointer (it may be any). A routine without a parameter cannot
 * write through one. */
static gboolean
routine_walk (Lower *L, CExpr *create, WriteScan *w, CVisitResult (*expr) (CExpr *, gpointer))
{
  CDecl *fn = lower_func_named (L, c_arg (create, 2));
  if (!fn || !fn->body || !fn->params || fn->params->len == 0)
    return fn == NULL;
  g_autoptr (GHashTable) vars = g_hash_table_new (NULL, NULL);
  g_hash_table_add (vars, g_ptr_array_index (fn->params, 0));
  GHashTable *saved = w->vars;
  w->vars = vars;
  /* the copies of the parameter first (declarations come before their uses); a
   * `return` of one hands it to the joiner */
  CVisitor cv = { .stmt = routine_copies, .data = w };
  gboolean stop = c_visit_stmt (&cv, fn->body);
  CVisitor rv = { .expr = expr, .data = w };
  stop = stop || c_visit_stmt (&rv, fn->body);
  w->vars = saved;
  return stop;
}

/* A call of a function of the program given the index itself (`fill (id)`), which may
 * index with it there (through_params), or a thread created with it. */
static CVisitResult
passes_index (CExpr *e, gpointer data)
{
  WriteScan *w = data;
  const char *n = e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  /* a child thread given the index (lower_elems_value_role hands the role on) */
  if (n && strcmp (n, "pthread_create") == 0 && c_arg (e, 3) && is_arg_var (w, c_arg (e, 3)))
    return C_VISIT_STOP;
  CDecl *fn = n ? lower_func_def (w->L, n) : NULL;
  if (!fn || !fn->params)
    return C_VISIT_CONTINUE;  /* a library call does not index the program's arrays */
  /* as through_params follows it: the variable itself, to a parameter of its type */
  for (guint i = 0; e->args && i < e->args->len && i < fn->params->len; i++)
    {
      CExpr *a = g_ptr_array_index (e->args, i);
      CDecl *p = g_ptr_array_index (fn->params, i);
      if (a && a->kind == C_EXPR_IDENT && is_arg_var (w, a) && compatible (w->L, a->decl->type, p->type))
        return C_VISIT_STOP;
    }
  return C_VISIT_CONTINUE;
}

/* The start routine of CREATE keeps its index in a thread-local (tls_index), which any
 * function it calls may index with. */
static gboolean
routine_sets_tls (Lower *L, CExpr *create)
{
  CDecl *fn = lower_func_named (L, c_arg (create, 2));
  if (!fn || !fn->body || !fn->params || fn->params->len == 0 || fn->body->kind != C_STMT_COMPOUND)
    return FALSE;
  for (guint i = 0; fn->body->items && i < fn->body->items->len; i++)
    {
      CStmt *s = g_ptr_array_index (fn->body->items, i);
      if (s->kind == C_STMT_EXPR && s->expr && s->expr->kind == C_EXPR_ASSIGN)
        {
          CDecl *d = lower_ident_decl (s->expr->a);
          if (d && tls_index (L, fn, d, g_ptr_array_index (fn->params, 0), FALSE, NULL))
            return TRUE;
        }
    }
  return FALSE;
}

/* A value split pays when the body writes `X[i]` or the start routine of CREATE
 * writes something indexed by its index (or is given by pointer). */
static gboolean
value_split_pays (Lower *L, CStmt *body, CDecl *index, CExpr *create)
{
  WriteScan w = { NULL, index, NULL, L, FALSE, NULL };
  CVisitor bv = { .expr = writes_indexed, .data = &w };
  /* X[k] with k a `for` loop's index computed from the thread's index: a chunk */
  g_autoptr (GHashTable) fors = g_hash_table_new (NULL, NULL);
  WriteScan wd = { NULL, index, NULL, L, TRUE, fors };
  return c_visit_stmt (&bv, body) || routine_walk (L, create, &w, writes_indexed) || routine_sets_tls (L, create)
         || routine_walk (L, create, &w, passes_index) || routine_walk (L, create, &wd, writes_indexed);
}

/* The allocation call (a new object each time: not realloc) that local D, declared in
 * the body (INNER) and never assigned, is initialised with, or NULL. */
static CExpr *
held_site (Lower *L, CExpr *e, GHashTable *inner)
{
  e = c_peel (e);
  CDecl *d = e && e->kind == C_EXPR_IDENT ? e->decl : NULL;
  if (!d || !g_hash_table_contains (inner, d) || !d->init || !d->init->expr
      || g_hash_table_contains (L->pre.assigned, d) || g_hash_table_contains (L->pre.escaped, d))
    return NULL;
  CExpr *c = c_peel (d->init->expr);
  const char *n = c && c->kind == C_EXPR_CALL ? c_callee_name (c) : NULL;
  return lower_is_new_alloc (L, n) ? c : NULL;  /* a wrapper's call is a site of its own */
}

static CVisitResult
body_writes_through (CExpr *e, gpointer data)
{
  WriteScan *w = data;
  CExpr *l = written (e);
  CExpr *r = l ? lvalue_root (l) : NULL;
  return r && r != c_peel (l) && is_arg_var (w, r) ? C_VISIT_STOP : C_VISIT_CONTINUE;
}

/* Some element (or object) may be written: by BODY as `BASE[INDEX]...` or through the
 * create's argument when it is a variable (the object's holder, a local pointing at
 * the element), or by the start routine of CREATE through its argument (a routine
 * given by pointer may do anything). */
static gboolean
split_pays (Lower *L, CStmt *body, CExpr *base, CDecl *index, CExpr *create)
{
  WriteScan w = { base, index, NULL };
  if (base)
    {
      CVisitor bv = { .expr = body_writes_elem, .data = &w };
      if (c_visit_stmt (&bv, body))
        return TRUE;
    }
  /* a->id = i: written through the holder (of the object, or the local the body
   * points at the element: `struct arg *a = &args[i];`) */
  CDecl *h = lower_ident_decl (c_arg (create, 3));
  if (h)
    {
      g_autoptr (GHashTable) holder = g_hash_table_new (NULL, NULL);
      g_hash_table_add (holder, h);
      w.vars = holder;
      CVisitor bv = { .expr = body_writes_through, .data = &w };
      gboolean through = c_visit_stmt (&bv, body);
      w.vars = NULL;
      if (through)
        return TRUE;
    }
  return routine_walk (L, create, &w, routine_writes_arg);
}

/* HeldElement: the walk over a loop body for held_holder_site: A written, its address
 * taken or decayed, other than by the statement SET; WRITES: something written through
 * `A[...]`. */
typedef struct {
  CDecl *a;
  CExpr *set;
  gboolean bad, writes;
  gboolean pointer;     /* a is a pointer variable, not an array: passing it on is no write */
} HeldElement;

static CVisitResult
held_element_use (CExpr *e, gpointer data)
{
  HeldElement *h = data;
  if (e == h->set)
    return C_VISIT_CONTINUE;
  CExpr *l = written (e);
  if (!l && e->kind == C_EXPR_UNARY && e->op == C_OP_ADDR)
    l = e->a;
  CExpr *x = c_peel (l);
  while (x && (x->kind == C_EXPR_INDEX || (x->kind == C_EXPR_MEMBER && !x->arrow)))
    x = c_peel (x->a);
  if (x && x->kind == C_EXPR_IDENT && x->decl == h->a)
    h->bad = TRUE;   /* A[j] = ..., &A[j], A[j]++ */
  CExpr *r = l ? lvalue_root (l) : NULL;
  if (r && r->kind == C_EXPR_IDENT && r->decl == h->a && !h->bad)
    h->writes = TRUE;  /* A[i]->f = ... */
  for (guint i = 0; !h->pointer && e->kind == C_EXPR_CALL && e->args && i < e->args->len; i++)
    if (lower_ident_decl (g_ptr_array_index (e->args, i)) == h->a)
      h->bad = TRUE;  /* the array decays to a pointer a function may write through */
  return C_VISIT_CONTINUE;
}

static CVisitResult
names_decl (CExpr *e, gpointer d)
{
  return e->kind == C_EXPR_IDENT && e->decl == d ? C_VISIT_STOP : C_VISIT_CONTINUE;
}

/* The allocation call of a pass whose object CREATE is given in a holder: the element
 * A[i] of a local array of pointers (INDEX the loop's index), or a local pointer v
 * declared outside the pass or in it without an initialiser. `H = ALLOC (...);` at the
 * top level of BODY, before the statement with the create, nothing before it naming
 * the holder's variable, nothing else in BODY writing it or taking its address (no
 * pointer reaches it: not escaped; an array also not handed to a function), the
 * create's argument H, and the object written through (by BODY or the start routine).
 * In the pass, H then holds the pass's new object from the assignment on. */
static CExpr *
held_holder_site (Lower *L, CStmt *body, CDecl *index, CExpr *create, CDecl **holder)
{
  CExpr *arg = c_peel (c_arg (create, 3));
  gboolean element = arg && arg->kind == C_EXPR_INDEX;
  CDecl *a = element ? lower_ident_decl (arg->a) : arg && arg->kind == C_EXPR_IDENT ? arg->decl : NULL;
  CType *at = a ? strip (L, a->type) : NULL;
  if (!a || a->kind != C_DECL_VAR || a->file_scope || c_is_static_object (a) || !at
      || g_hash_table_contains (L->pre.escaped, a) || !body || body->kind != C_STMT_COMPOUND || !body->items)
    return NULL;
  if (element ? !index || at->kind != C_TYPE_ARRAY || !is_pointerish (L, at->base) || lower_ident_decl (arg->b) != index
              : !is_pointerish (L, a->type) || at->kind == C_TYPE_ARRAY || g_hash_table_contains (L->priv.ptr_addr, a))
    return NULL;
  CExpr *site = NULL, *set = NULL;
  gboolean before = FALSE;
  for (guint k = 0; k < body->items->len && !before; k++)
    {
      CStmt *st = g_ptr_array_index (body->items, k);
      if (lower_stmt_holds (st, create))
        before = TRUE;
      else if (!set)
        {
          CExpr *x = st->kind == C_STMT_EXPR ? c_peel (st->expr) : NULL;
          CExpr *l = x && x->kind == C_EXPR_ASSIGN && x->op == C_OP_ASSIGN ? c_peel (x->a) : NULL;
          gboolean to_holder = l && (element ? l->kind == C_EXPR_INDEX && lower_ident_decl (l->a) == a
                                                 && lower_ident_decl (l->b) == index
                                             : lower_ident_decl (l) == a);
          CExpr *c = to_holder ? c_peel (x->b) : NULL;
          if (c && c->kind == C_EXPR_CALL && lower_is_new_alloc (L, c_callee_name (c)))
            set = x, site = c;
          else if (c_visit_stmt (&(CVisitor) { .expr = names_decl, .data = a }, st))
            return NULL;  /* named before the assignment: an older value */
        }
    }
  if (!set || !before)
    return NULL;
  HeldElement h = { a, set, FALSE, FALSE, !element };
  c_visit_stmt (&(CVisitor) { .expr = held_element_use, .data = &h }, body);
  WriteScan w = { NULL, NULL, NULL, L };
  if (h.bad || !(h.writes || routine_walk (L, create, &w, routine_writes_arg)))
    return NULL;
  *holder = a;
  return site;
}

/* FindCreate: the walk for a create call of a split loop. */
typedef struct {
  Lower *L;
  CDecl *index;
  CStmt *body;
  GHashTable *inner;
  CExpr *base;
  CExpr *site;
  CDecl *holder;        /* the site's holder is the element holder[index] */
  gboolean value;
} FindCreate;

static CVisitResult
find_create (CExpr *e, gpointer data)
{
  FindCreate *fc = data;
  const char *n = e->kind == C_EXPR_CALL ? c_callee_name (e) : NULL;
  if (!n || strcmp (n, "pthread_create") != 0)
    return C_VISIT_CONTINUE;
  CExpr *b = fc->index ? elem_base (fc->L, c_arg (e, 3), fc->index, fc->inner, 0) : NULL;
  if (b && lower_elems_fixed_base (fc->L, b, fc->body) && split_pays (fc->L, fc->body, b, fc->index, e))
    {
      fc->base = b;
      return C_VISIT_STOP;
    }
  if (fc->index && lower_ident_decl (c_arg (e, 3)) == fc->index && !fc->value
      && value_split_pays (fc->L, fc->body, fc->index, e))
    fc->value = TRUE;
  CExpr *site = held_site (fc->L, c_arg (e, 3), fc->inner);
  if (site && !fc->site && split_pays (fc->L, fc->body, NULL, NULL, e))
    fc->site = site;
  CDecl *holder = NULL;
  site = fc->site ? NULL : held_holder_site (fc->L, fc->body, fc->index, e, &holder);
  if (site)
    fc->site = site, fc->holder = holder;
  return C_VISIT_CONTINUE;
}

CVisitResult
lower_elems_collect_inner (CStmt *s, gpointer data)
{
  if (s->kind == C_STMT_DECL)
    for (guint i = 0; s->items && i < s->items->len; i++)
      {
        CDecl *d = g_ptr_array_index (s->items, i);
        if (d->kind == C_DECL_VAR && !c_is_static_object (d))
          g_hash_table_add (data, d);
      }
  return C_VISIT_CONTINUE;
}

ElemSplit *
lower_elems_begin (Lower *L, CStmt *s)
{
  if (L->elems->len >= MAX_SPLIT_DEPTH || !L->frame)
    return NULL;
  /* the body is lowered three times: a label in it (a case of an enclosing switch)
   * would be one node for all three, and a jump to it would leave its pass */
  if ((s->kind != C_STMT_FOR && s->kind != C_STMT_WHILE) || !s->body || lower_stmt_touches (s->body, NULL))
    return NULL;
  /* a join loop reading back what its create loop's split handed out */
  ElemSplit *js = lower_joinall_elem_join_loop (L, s);
  if (js)
    {
      g_ptr_array_add (L->elems, js);
      return js;
    }
  CDecl *d = lower_distinct_index (L, s);
  g_autoptr (GHashTable) inner = g_hash_table_new (NULL, NULL);
  CVisitor cv = { .stmt = lower_elems_collect_inner, .data = inner };
  c_visit_stmt (&cv, s->body);
  FindCreate fc = { L, d, s->body, inner, NULL, NULL, NULL, FALSE };
  CVisitor v = { .expr = find_create, .data = &fc };
  c_visit_stmt (&v, s->body);
  if (!fc.base && !fc.site && !fc.value)
    return NULL;
  ElemSplit *sp = g_new0 (ElemSplit, 1);
  sp->loop = s;
  /* an element split when there is one, else an index split, else an object split */
  sp->index = fc.base || fc.value ? d : NULL;
  sp->base = fc.base;
  sp->value = !fc.base && fc.value;
  sp->site = fc.base || fc.value ? NULL : fc.site;
  if (sp->site && fc.holder)
    sp->holder = fc.holder, sp->holder_index = strip (L, fc.holder->type)->kind == C_TYPE_ARRAY ? d : NULL;
  sp->frame = L->frame;
  sp->role = ELEM_NONE;
  sp->inner = g_steal_pointer (&inner);
  g_ptr_array_add (L->elems, sp);
  lower_joinall_elem_create_loop (L, sp);
  return sp;
}

void
lower_elems_end (Lower *L, ElemSplit *sp)
{
  if (!sp)
    return;
  g_assert (L->elems->len > 0 && g_ptr_array_index (L->elems, L->elems->len - 1) == sp);
  g_ptr_array_set_size (L->elems, L->elems->len - 1);
  g_hash_table_unref (sp->inner);
  g_free (sp);
}

/* D, a parameter of frame *F's function that is never assigned, holds what its argument
 * held at the call; when that argument is a variable of the caller of the same type that
 * the callee cannot change (a local whose address is never taken), D stands for it:
 * that variable, *F its frame (and so on up). */
static CDecl *
through_params (Lower *L, CDecl *d, Frame **f)
{
  for (guint depth = 0; d && *f && (*f)->up && (*f)->args && depth < 8; depth++)
    {
      /* a recursive call comes back to the frame's code with other arguments */
      if (d->kind != C_DECL_PARAM || g_hash_table_contains (L->pre.assigned, d)
          || !(*f)->fn || g_hash_table_contains (L->pre.recursive, (*f)->fn)
          || ((*f)->fn->body && lower_body_takes_addr (L, (*f)->fn->body, d)))
        break;
      CExpr *a = g_hash_table_lookup ((*f)->args, d);
      while (a && a->kind == C_EXPR_UNARY && a->op == C_OP_EXTENSION)
        a = a->a;
      CDecl *v = a && a->kind == C_EXPR_IDENT ? a->decl : NULL;
      Frame *up = (*f)->up;
      if (!v || (v->kind != C_DECL_VAR && v->kind != C_DECL_PARAM) || c_is_static_object (v)
          || !compatible (L, v->type, d->type) || (up->fn && up->fn->body && lower_body_takes_addr (L, up->fn->body, v)))
        break;
      d = v;
      *f = up;
    }
  return d;
}

gint
lower_elems_role (Lower *L, CExpr *base, CExpr *idx)
{
  CDecl *d = lower_index_decl (L, idx);
  gint given = L->job && L->job_id < L->jobs.arg_index->len ? g_array_index (L->jobs.arg_index, gint, L->job_id)
               : ELEM_NONE;
  /* a thread given its index in a field of its object, X[a->id], or in the element
   * its argument points to, X[*id] */
  if (!L->elems_off && !d && given != ELEM_NONE && (lower_argfield_is_index (L, idx) || reads_given_index (L, idx))
      && lower_elems_named_array (L, base))
    return given;
  if (L->elems_off || !d)
    return ELEM_NONE;
  /* a thread given an index: X[id] */
  if (given != ELEM_NONE && thread_index_var (L, d) && lower_elems_named_array (L, base))
    return given;
  /* a thread's own chunk: `for (int k = id * C; k < id * C + C; k++) X[k]` */
  if (given != ELEM_NONE && (lower_elems_named_array (L, base) || lower_argfield_value (L, base))
      && lower_range_of_thread (L, base, d))
    return given;
  /* an index the caller passed down: splits of the caller's frame on its variable
   * (named arrays only: a base is text of the frame it is written in) */
  Frame *f = L->frame;
  CDecl *up = through_params (L, d, &f);
  /* the thread's index handed to a helper (`process (id)`, then `X[i]` there) */
  if (given != ELEM_NONE && f != L->frame && thread_index_var (L, up) && lower_elems_named_array (L, base))
    return given;
  for (guint k = L->elems->len; k-- > 0;)
    {
      ElemSplit *sp = g_ptr_array_index (L->elems, k);
      if (sp->role == ELEM_NONE || sp->off != 0)
        continue;
      if (sp->index == d && (sp->frame == L->frame || d->thread_local)
          && (sp->base ? lower_same_text (base, sp->base) : sp->value && lower_elems_named_array (L, base)))
        return sp->role;
      if (f != L->frame && sp->index == up && sp->frame == f && !sp->base && sp->value
          && lower_elems_named_array (L, base))
        return sp->role;
    }
  return ELEM_NONE;
}

static CVisitResult
find_expr (CExpr *e, gpointer data)
{
  return e == data ? C_VISIT_STOP : C_VISIT_CONTINUE;
}

gboolean
lower_stmt_holds (CStmt *s, CExpr *e)
{
  CVisitor fv = { .expr = find_expr, .data = e };
  return c_visit_stmt (&fv, s);
}

/* HoldsIndex: the walk over main's body checking that array X is written only by the
 * statement SET (`X[i] = i;`) and reached by pointer only in the create call's
 * argument ARG (`&X[i]`): no other assignment, step, address or decay. */
typedef struct {
  CDecl *x;
  CExpr *set, *arg;
  gboolean bad;
} HoldsIndex;

static CVisitResult
holds_index_use (CExpr *e, gpointer data)
{
  HoldsIndex *h = data;
  if (e == h->set || e == h->arg)
    return C_VISIT_SKIP;
  CExpr *l = e->kind == C_EXPR_ASSIGN ? e->a
             : e->kind == C_EXPR_UNARY && (e->op == C_OP_ADDR || e->op == C_OP_PREINC || e->op == C_OP_PREDEC
                                           || e->op == C_OP_POSTINC || e->op == C_OP_POSTDEC) ? e->a : NULL;
  for (l = c_peel (l); l && (l->kind == C_EXPR_INDEX || (l->kind == C_EXPR_MEMBER && !l->arrow)); l = c_peel (l->a))
    ;
  if (l && l->kind == C_EXPR_IDENT && l->decl == h->x)
    h->bad = TRUE;
  for (guint i = 0; e->kind == C_EXPR_CALL && e->args && i < e->args->len; i++)
    if (lower_ident_decl (g_ptr_array_index (e->args, i)) == h->x)
      h->bad = TRUE;  /* the array decays to a pointer a function may write through */
  return C_VISIT_CONTINUE;
}

/* The create argument ARG is `&X[i]` with X the base of the element split SP of the
 * pass being lowered, and X[i] holds i when the thread reads it: X is a local of the
 * function lowered (main's own, say) whose elements keep i's values, the pass body sets
 * `X[i] = i;` at its top level before the create, nothing else in the function writes
 * X or takes its address, and the start routine writes nothing through its argument. */
static gboolean
element_holds_index (Lower *L, ElemSplit *sp, CExpr *arg, CExpr *create)
{
  CExpr *a = c_peel (arg);
  CExpr *x = a && a->kind == C_EXPR_UNARY && a->op == C_OP_ADDR ? c_peel (a->a) : NULL;
  CDecl *xd = x && x->kind == C_EXPR_INDEX ? lower_ident_decl (x->a) : NULL;
  if (!xd || lower_ident_decl (x->b) != sp->index || !sp->base || lower_ident_decl (sp->base) != xd
      || xd->kind != C_DECL_VAR || xd->file_scope || c_is_static_object (xd) || !L->frame || !L->frame->fn
      || !strip (L, xd->type) || strip (L, xd->type)->kind != C_TYPE_ARRAY  /* no alias can write it */
      || !sp->loop->body || sp->loop->body->kind != C_STMT_COMPOUND || !sp->loop->body->items)
    return FALSE;
  CType *et = strip (L, type_of (L, x));
  if (!et || !lower_keeps_thread_index (L, et, sp->index->type))
    return FALSE;
  /* `X[i] = i;` at the body's top level, before the statement with the create */
  CExpr *set = NULL;
  GPtrArray *b = sp->loop->body->items;
  for (guint k = 0; k < b->len; k++)
    {
      CStmt *st = g_ptr_array_index (b, k);
      if (lower_stmt_holds (st, create))
        break;
      CExpr *e = st->kind == C_STMT_EXPR ? c_peel (st->expr) : NULL;
      CExpr *l = e && e->kind == C_EXPR_ASSIGN && e->op == C_OP_ASSIGN ? c_peel (e->a) : NULL;
      if (l && l->kind == C_EXPR_INDEX && lower_ident_decl (l->a) == xd && lower_ident_decl (l->b) == sp->index
          && lower_ident_decl (e->b) == sp->index && lower_casts_keep (L, e->b, sp->index->type))
        set = e;
    }
  if (!set)
    return FALSE;
  HoldsIndex h = { xd, set, a, FALSE };
  CVisitor hv = { .expr = holds_index_use, .data = &h };
  c_visit_stmt (&hv, L->frame->fn->body);
  WriteScan w = { NULL, NULL, NULL, L };
  return !h.bad && !routine_walk (L, create, &w, routine_writes_arg);
}

gint
lower_elems_value_role (Lower *L, CExpr *create, CDecl **index, gboolean *deref, Endpoint *max, gboolean *has_max)
{
  *has_max = FALSE;
  CExpr *arg = c_arg (create, 3);
  CDecl *d = lower_ident_decl (arg);
  *index = d;
  *deref = FALSE;
  /* `&ids[i]` with `ids[i] = i`: the thread reads its index through its argument */
  for (guint k = L->elems->len; !d && k-- > 0;)
    {
      ElemSplit *sp = g_ptr_array_index (L->elems, k);
      if (sp->base && !sp->guess && sp->frame == L->frame && sp->role != ELEM_NONE && sp->off == 0
          && element_holds_index (L, sp, arg, create))
        {
          *index = sp->index;
          *deref = TRUE;
          *has_max = lower_index_max (L, sp->loop, sp->index, max);
          return sp->role;
        }
    }
  if (d && !lower_casts_keep (L, arg, d->type))
    return ELEM_NONE;  /* (void *) (char) i: two passes may hand the same value */
  for (guint k = L->elems->len; d && k-- > 0;)
    {
      ElemSplit *sp = g_ptr_array_index (L->elems, k);
      if (sp->value && !sp->guess && sp->index == d && sp->frame == L->frame && sp->role != ELEM_NONE)
        {
          *has_max = lower_index_max (L, sp->loop, sp->index, max);
          return sp->role;
        }
    }
  /* a thread given an index hands it on (its parameter, or a copy that keeps every
   * value): the child's index is the parent's, so it has the parent's role, and the
   * index's type is the one given at the first creation */
  gint given = L->job && L->job_id < L->jobs.arg_index->len ? g_array_index (L->jobs.arg_index, gint, L->job_id)
               : ELEM_NONE;
  if (d && given != ELEM_NONE && thread_index_var (L, d))
    {
      CDecl *first = L->job_id < L->jobs.arg_index_decl->len ? g_ptr_array_index (L->jobs.arg_index_decl, L->job_id)
                                                              : NULL;
      if (first && !lower_casts_keep (L, arg, first->type))
        return ELEM_NONE;
      *index = first ? first : d;
      const IndexMax *m = L->job_id < L->jobs.arg_index_max->len ? g_ptr_array_index (L->jobs.arg_index_max, L->job_id)
                                                                  : NULL;
      if (m && !m->conflict)
        *max = m->max, *has_max = TRUE;
      return given;
    }
  return ELEM_NONE;
}

/* Under elems_off (a library call's extent, which may pass the cell) no guess applies. */
gint
lower_elems_ptr_role (Lower *L, CDecl *d)
{
  for (guint k = L->elems->len; d && !L->elems_off && k-- > 0;)
    {
      ElemSplit *sp = g_ptr_array_index (L->elems, k);
      if (sp->ptr == d && sp->frame == L->frame && sp->role != ELEM_NONE && sp->off == 0)
        return sp->role;
    }
  return ELEM_NONE;
}

/* Unlike an element, an object keeps a library call's extent inside it (assumption 3):
 * elems_off does not apply. */
gint
lower_elems_site_role (Lower *L, CExpr *call)
{
  for (guint k = L->elems->len; k-- > 0;)
    {
      ElemSplit *sp = g_ptr_array_index (L->elems, k);
      if (sp->site == call && sp->frame == L->frame && sp->role != ELEM_NONE && sp->off == 0)
        return sp->role;
    }
  return ELEM_NONE;
}

CExpr *
lower_elems_held_element (Lower *L, CExpr *e)
{
  e = c_peel (e);
  /* an object, unlike an element, keeps a library call's extent inside it (assumption
   * 3): elems_off does not apply */
  if (!e || (e->kind != C_EXPR_INDEX && e->kind != C_EXPR_IDENT))
    return NULL;
  /* A[i], or a holder variable v (holder_index NULL) */
  CDecl *a = e->kind == C_EXPR_IDENT ? e->decl : lower_ident_decl (e->a);
  CDecl *i = e->kind == C_EXPR_IDENT ? NULL : lower_index_decl (L, e->b);
  for (guint k = L->elems->len; a && (i || e->kind == C_EXPR_IDENT) && k-- > 0;)
    {
      ElemSplit *sp = g_ptr_array_index (L->elems, k);
      if (sp->holder == a && sp->holder_index == i && sp->frame == L->frame && sp->role != ELEM_NONE && sp->off == 0)
        return sp->site;
    }
  return NULL;
}

/* A local of the loop's own frame not declared in its body was initialised before the
 * loop, with another value of the index (a local of a frame inlined within the pass
 * was initialised in the pass; one of an outer frame cannot name the index). */
static void
alias_off (Lower *L, CDecl *d, Frame *f, gint by)
{
  for (guint k = 0; k < L->elems->len; k++)
    {
      ElemSplit *sp = g_ptr_array_index (L->elems, k);
      if (d && d->kind == C_DECL_VAR && f == sp->frame && !g_hash_table_contains (sp->inner, d))
        sp->off += by;
    }
}

void
lower_elems_alias_enter (Lower *L, CDecl *d, Frame *f)
{
  alias_off (L, d, f, 1);
}

void
lower_elems_alias_leave (Lower *L, CDecl *d, Frame *f)
{
  alias_off (L, d, f, -1);
}
