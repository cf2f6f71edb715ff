/* rf-c-lower-argfields: what a thread finds in the fields of the object it is given.
 *
 * Approach. The commonest parallel loop hands each thread a struct its pass fills in:
 * `args[i].id = i; args[i].lo = i * chunk; args[i].hi = args[i].lo + chunk;
 * pthread_create (&t[i], NULL, work, &args[i]);`, the thread then writing
 * `results[a->id]` and `data[k]` for k from `a->lo` to `a->hi`. The splits of
 * rf-c-lower-elems.c follow the element (or the per-pass object) itself; the values in
 * it are data, which the model abstracts. They are known, though, when nothing but the
 * pass writes them. If the assignment `O.f = E;` is
 *  - the only write of field f of struct S in the whole program (lower_field_set_only:
 *    no other assignment or step of an S's f, no copy of a whole S into memory, no
 *    library call writing memory that may hold an S, no store through a pointer that
 *    may reach an f, its address never taken),
 *  - a top-level statement of the loop body before the statement with the create (it
 *    runs in every pass that creates a thread, before the creation),
 *  - on the pass's own object O, the one the create is given (pass_object: the
 *    element `B[i]` of an element split, the new object of an object split),
 * then the thread reads in `a->f` (a its argument) the value E had in its pass: the
 * create orders the write before every read, and no write comes after. When E is made
 * of constants, the loop's index i and variables with one value in every pass of the
 * loop (the fixed set: not assigned in the body, their address never taken; a local
 * the body declares stands for its initialiser, a field of the pass's object set
 * before for its set's value: reads), `a->f` is E with i standing for the index of
 * the thread's pass, which lower_distinct_index makes its own.
 *
 * So the thread is given an index after all: the pass's role in the split (the
 * representative pass may be any one pass: the model's choice is free) becomes the
 * job type's index role, read INDEX_BY_FIELD, and the index rules read through the
 * fields: `X[a->id]` and `X[id]` with `int id = a->id;` when the set stores i itself
 * in a field that keeps every value of it (rf-c-lower-elems.c), the bounds `a->lo` and
 * `a->hi` of a chunk loop as their expressions of i (rf-c-lower-range.c), and a
 * pointer field set to a named array of the creating function as that array. Threads
 * created with fields get job types of their own (the create's key): no thread of
 * such a job type was given its object another way.
 *
 * The creating function's variables in E are named in the thread's code only through
 * this substitution; a thread running the creating function itself (a worker that
 * creates workers) could name its own i, so no field is read there (job_fields). */
#include "rf-c-lower-private.h"

#include <string.h>

#define MAX_VALUE_DEPTH 32  /* nodes deep, at most, in a set's value */

void
lower_argfields_free (ArgFields *af)
{
  if (!af)
    return;
  g_clear_pointer (&af->sets, g_hash_table_unref);
  g_clear_pointer (&af->checked, g_hash_table_unref);
  g_clear_pointer (&af->fixed, g_hash_table_unref);
  g_clear_pointer (&af->reads, g_hash_table_unref);
  g_clear_pointer (&af->values, g_hash_table_unref);
  g_free (af);
}

/* E (a pointer) denotes the pass's own object of split SP: the element `&B[i]` or
 * `B + i` of an element split; the holder of an object split (its local pointer, or
 * its element `H[i]`); or a local the body declares, never assigned nor its address
 * taken, initialised with one of those (or with the object split's allocation). */
static gboolean
pass_object (Lower *L, ElemSplit *sp, CExpr *e, guint depth)
{
  e = c_peel (e);
  if (!e || depth > 2)
    return FALSE;
  if (sp->base && e->kind == C_EXPR_UNARY && e->op == C_OP_ADDR)
    {
      CExpr *q = c_peel (e->a);
      return q && q->kind == C_EXPR_INDEX && lower_index_decl (L, q->b) == sp->index
             && lower_same_text (q->a, sp->base);
    }
  if (sp->base && e->kind == C_EXPR_BINARY && e->op == C_OP_ADD)
    return (lower_index_decl (L, e->b) == sp->index && lower_same_text (e->a, sp->base))
           || (lower_index_decl (L, e->a) == sp->index && lower_same_text (e->b, sp->base));
  if (sp->site && sp->holder && sp->holder_index)
    return e->kind == C_EXPR_INDEX && lower_ident_decl (e->a) == sp->holder
           && lower_ident_decl (e->b) == sp->holder_index;
  CDecl *d = lower_ident_decl (e);
  if (sp->site && sp->holder)
    return d == sp->holder;
  if (!d || !g_hash_table_contains (sp->inner, d) || !d->init || !d->init->expr
      || g_hash_table_contains (L->pre.assigned, d) || g_hash_table_contains (L->pre.escaped, d))
    return FALSE;
  if (sp->site)
    return c_peel (d->init->expr) == sp->site;
  return pass_object (L, sp, d->init->expr, depth + 1);
}

/* E (an lvalue) is a field of the pass's object: `B[i].f`, `P->f`, `(*P).f`, `P[0].f`
 * with P the pass's object (pass_object). */
static gboolean
pass_field (Lower *L, ElemSplit *sp, CExpr *e)
{
  e = c_peel (e);
  if (!e || e->kind != C_EXPR_MEMBER || !e->text)
    return FALSE;
  CExpr *o = c_peel (e->a);
  gint64 z;
  if (e->arrow)
    return pass_object (L, sp, o, 0);
  if (!o)
    return FALSE;
  if (o->kind == C_EXPR_INDEX && sp->base && lower_index_decl (L, o->b) == sp->index && lower_same_text (o->a, sp->base))
    return TRUE;
  if (o->kind == C_EXPR_UNARY && o->op == C_OP_DEREF)
    return pass_object (L, sp, o->a, 0);
  return o->kind == C_EXPR_INDEX && c_const_int (o->b, &z) && z == 0 && pass_object (L, sp, o->a, 0);
}

/* E is made of constants, SP's index (*USES set), variables with one value in every
 * pass (added to FIXED) and locals the body declares standing for their initialisers:
 * no call, assignment, load through a pointer or member of one. */
static gboolean
pass_value (Lower *L, ElemSplit *sp, ArgFields *af, CExpr *e, gboolean *uses, guint depth)
{
  CDecl *index = af->index;
  GHashTable *fixed = af->fixed;
  if (!e || depth > MAX_VALUE_DEPTH)
    return FALSE;
  switch (e->kind)
    {
    case C_EXPR_INT: case C_EXPR_CHAR: case C_EXPR_FLOAT: case C_EXPR_SIZEOF: case C_EXPR_ALIGNOF:
      return TRUE;
    case C_EXPR_IDENT:
      {
        CDecl *d = e->decl;
        if (!d)
          return FALSE;
        if (d->kind == C_DECL_ENUMERATOR)
          return TRUE;
        if (d == index)
          return *uses = TRUE;
        if (d->kind != C_DECL_VAR && d->kind != C_DECL_PARAM)
          return FALSE;
        if (g_hash_table_contains (sp->inner, d))
          return !c_is_static_object (d) && d->init && d->init->expr && !g_hash_table_contains (L->pre.assigned, d)
                 && !g_hash_table_contains (L->pre.escaped, d)
                 && pass_value (L, sp, af, d->init->expr, uses, depth + 1);
        /* an array variable's address is the same whatever its elements hold */
        CType *t = strip (L, d->type);
        if (!(t && t->kind == C_TYPE_ARRAY && d->kind == C_DECL_VAR) && !lower_elems_fixed_var (L, d, sp->loop->body))
          return FALSE;
        g_hash_table_add (fixed, d);
        return TRUE;
      }
    case C_EXPR_CAST:
      return pass_value (L, sp, af, e->a, uses, depth + 1);
    case C_EXPR_UNARY:
      if (e->op == C_OP_ADDR)
        {
          /* an address fixed in every pass: `&X`, `&X[k]` of a variable the body does
           * not declare */
          CExpr *a = c_peel (e->a);
          CExpr *v = a && a->kind == C_EXPR_INDEX ? c_peel (a->a) : a;
          CDecl *d = lower_ident_decl (v);
          return d && d->kind == C_DECL_VAR && !g_hash_table_contains (sp->inner, d)
                 && (v == a || pass_value (L, sp, af, a->b, uses, depth + 1));
        }
      return (e->op == C_OP_NEG || e->op == C_OP_PLUS || e->op == C_OP_BITNOT || e->op == C_OP_NOT
              || e->op == C_OP_EXTENSION)
             && pass_value (L, sp, af, e->a, uses, depth + 1);
    case C_EXPR_BINARY:
      return pass_value (L, sp, af, e->a, uses, depth + 1)
             && pass_value (L, sp, af, e->b, uses, depth + 1);
    case C_EXPR_COND:
      return e->b && pass_value (L, sp, af, e->a, uses, depth + 1)
             && pass_value (L, sp, af, e->b, uses, depth + 1)
             && pass_value (L, sp, af, e->c, uses, depth + 1);
    case C_EXPR_MEMBER:
      {
        /* a field of the pass's object set before: its value (`args[i].lo + chunk`) */
        CExpr *set = pass_field (L, sp, e) ? g_hash_table_lookup (af->values, e->text) : NULL;
        if (set)
          {
            g_hash_table_insert (af->reads, e, (gpointer) e->text);
            return pass_value (L, sp, af, set, uses, depth + 1);
          }
        return !e->arrow && pass_value (L, sp, af, e->a, uses, depth + 1);
      }
    default:
      return FALSE;
    }
}

/* Type TO keeps every value of V: both integers, TO holding every value of V's type
 * (of each branch of a conditional, each operand of a sum, product or quotient; a
 * constant's sign), or both pointers. */
static gboolean
keeps_value (Lower *L, CType *to, CExpr *v)
{
  CExpr *c = c_peel (v);
  if (c && c->kind == C_EXPR_COND && c->b)
    return keeps_value (L, to, c->b) && keeps_value (L, to, c->c);
  /* arithmetic on values it keeps (no arithmetic wraps round: assumption 3) */
  if (c && c->kind == C_EXPR_BINARY && lower_int_type (L, to)
      && (c->op == C_OP_ADD || c->op == C_OP_MUL || c->op == C_OP_DIV)
      && keeps_value (L, to, c->a) && keeps_value (L, to, c->b))
    return TRUE;
  gint64 k;
  if (c_const_int (v, &k) && lower_int_type (L, to))
    return k >= 0 || lower_int_is_signed (L, to);  /* a constant that fits (assumption 3) */
  CType *from = type_of (L, v);
  if (is_pointerish (L, to))
    return is_pointerish (L, from);
  return lower_int_type (L, to) && lower_int_type (L, from) && lower_int_preserves (L, to, from);
}

/* FindSets: the state of find_sets. twice: the fields set more than once (none of
 * their sets is the only one). */
typedef struct {
  Lower *L;
  ElemSplit *sp;
  ArgFields *af;
  GHashTable *twice;
  gboolean uses;
} FindSets;

/* Field FIELD (of struct TAG, type FT) set to V by assignment X. */
static void
add_set (FindSets *fs, CTag *tag, const char *field, CType *ft, CExpr *x, CExpr *v)
{
  ArgFields *af = fs->af;
  if (!tag || !field || !v || (af->tag && !lower_same_tag (tag, af->tag)) || g_hash_table_contains (fs->twice, field))
    return;
  af->tag = tag;
  if (g_hash_table_contains (af->sets, field))
    {
      g_hash_table_remove (af->sets, field);
      g_hash_table_remove (af->values, field);
      g_hash_table_add (fs->twice, (gpointer) field);
      return;
    }
  gboolean u = FALSE;
  if (keeps_value (fs->L, ft, v) && pass_value (fs->L, fs->sp, af, v, &u, 0))
    {
      g_hash_table_insert (af->sets, (gpointer) field, x);
      g_hash_table_insert (af->values, (gpointer) field, v);
      fs->uses = fs->uses || u;
    }
}

/* X is `O = (S) { ... }` with O the pass's object (`B[i]`, `*P`, `P[0]`): each member
 * the literal gives an expression (by designator `.f` or in order) is set by X. */
static void
add_literal (FindSets *fs, CExpr *x)
{
  Lower *L = fs->L;
  CExpr *o = c_peel (x->a), *lit = c_peel (x->b);
  gint64 z;
  gboolean whole = o && ((o->kind == C_EXPR_INDEX && fs->sp->base && lower_index_decl (L, o->b) == fs->sp->index
                          && lower_same_text (o->a, fs->sp->base))
                         || (o->kind == C_EXPR_UNARY && o->op == C_OP_DEREF && pass_object (L, fs->sp, o->a, 0))
                         || (o->kind == C_EXPR_INDEX && c_const_int (o->b, &z) && z == 0
                             && pass_object (L, fs->sp, o->a, 0)));
  CType *t = whole && lit && lit->kind == C_EXPR_COMPOUND_LIT && lit->init && lit->init->items
             ? strip (L, type_of (L, x->a)) : NULL;
  if (!t || t->kind != C_TYPE_STRUCT || !t->tag || !t->tag->members)
    return;
  GPtrArray *ms = t->tag->members;
  guint at = 0;
  for (guint i = 0; i < lit->init->items->len; i++)
    {
      CInitItem *it = g_ptr_array_index (lit->init->items, i);
      if (it->designators)
        {
          CDesignator *d = it->designators->len == 1 ? g_ptr_array_index (it->designators, 0) : NULL;
          if (!d || !d->field)
            return;  /* a nested or index designator: the rest is not followed */
          for (at = 0; at < ms->len && g_strcmp0 (((CDecl *) g_ptr_array_index (ms, at))->name, d->field) != 0; at++)
            ;
        }
      if (at >= ms->len)
        return;
      CDecl *m = g_ptr_array_index (ms, at++);
      if (it->init && it->init->expr && m->name)
        add_set (fs, t->tag, m->name, m->type, x, it->init->expr);
    }
}

/* The sets of the pass's object before the statement of BODY holding CREATE (see the
 * approach), or NULL when there are none of the index. */
static ArgFields *
find_sets (Lower *L, ElemSplit *sp, CDecl *index, CExpr *create)
{
  GPtrArray *items = sp->loop->body->items;
  ArgFields *af = g_new0 (ArgFields, 1);
  af->sets = g_hash_table_new (g_str_hash, g_str_equal);
  af->checked = g_hash_table_new (g_str_hash, g_str_equal);
  af->fixed = g_hash_table_new (NULL, NULL);
  af->reads = g_hash_table_new (NULL, NULL);
  af->values = g_hash_table_new (g_str_hash, g_str_equal);
  af->index = index;
  af->fn = cur_fn (L);
  g_autoptr (GHashTable) twice = g_hash_table_new (g_str_hash, g_str_equal);
  FindSets fs = { L, sp, af, twice, FALSE };
  gboolean found = FALSE;
  for (guint k = 0; items && k < items->len && !found; k++)
    {
      CStmt *st = g_ptr_array_index (items, k);
      if (lower_stmt_holds (st, create))
        {
          found = TRUE;
          break;
        }
      CExpr *x = st->kind == C_STMT_EXPR ? c_peel (st->expr) : NULL;
      if (!x || x->kind != C_EXPR_ASSIGN || x->op != C_OP_ASSIGN)
        continue;
      CExpr *m = c_peel (x->a);
      if (pass_field (L, sp, x->a))
        add_set (&fs, lower_member_tag (L, m), m->text, type_of (L, x->a), x, x->b);
      else
        add_literal (&fs, x);
    }
  if (!found || !fs.uses)
    g_clear_pointer (&af, lower_argfields_free);
  return af;
}

ArgFields *
lower_argfields_at_create (Lower *L, CExpr *create, gint *role, CDecl **index, Endpoint *max, gboolean *has_max)
{
  *has_max = FALSE;
  ElemSplit *sp = NULL;
  for (guint k = L->elems->len; k-- > 0 && !sp;)
    {
      ElemSplit *x = g_ptr_array_index (L->elems, k);
      if (x->frame == L->frame && !x->guess)
        sp = x;
    }
  if (!sp || sp->value || sp->role == ELEM_NONE || sp->off != 0 || (!sp->base && !sp->site) || !sp->loop->body
      || sp->loop->body->kind != C_STMT_COMPOUND || !c_arg (create, 3) || !pass_object (L, sp, c_arg (create, 3), 0))
    return NULL;
  CDecl *ix = sp->index ? sp->index : lower_distinct_index (L, sp->loop);
  if (!ix)
    return NULL;
  /* worked out once per create call (the same in every pass and context) */
  if (!L->argfields)
    L->argfields = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) lower_argfields_free);
  ArgFields *af;
  if (!g_hash_table_lookup_extended (L->argfields, create, NULL, (gpointer *) &af))
    {
      af = find_sets (L, sp, ix, create);
      g_hash_table_insert (L->argfields, create, af);
    }
  if (!af || af->index != ix)
    return NULL;
  *role = sp->role;
  *index = ix;
  /* compared with the sets' values, which the pass computes (last_chunk) */
  *has_max = lower_index_max_pass (L, sp->loop, ix, max);
  return af;
}

/* The fields of the running thread's job type, when it reads its index through them
 * and no frame being lowered runs the function that set them. */
static ArgFields *
job_fields (Lower *L)
{
  if (!L->job || L->job_id >= L->jobs.arg_fields->len)
    return NULL;
  ArgFields *af = g_ptr_array_index (L->jobs.arg_fields, L->job_id);
  if (!af || g_array_index (L->jobs.arg_index_deref, guint, L->job_id) != INDEX_BY_FIELD
      || g_array_index (L->jobs.arg_index, gint, L->job_id) == ELEM_NONE)
    return NULL;
  for (Frame *f = L->frame; f; f = f->up)
    if (f->fn == af->fn)
      return NULL;
  return af;
}

/* E (a pointer) is the running thread's argument: its start routine's parameter, or a
 * local initialised with it (through casts), neither ever assigned nor its address
 * taken, in a start routine that is not recursive. */
gboolean
lower_thread_arg (Lower *L, CExpr *e)
{
  Frame *f = L->frame;
  while (f && f->up)
    f = f->up;
  if (!f || !f->fn || !f->fn->params || f->fn->params->len == 0 || g_hash_table_contains (L->pre.recursive, f->fn))
    return FALSE;
  CDecl *p = g_ptr_array_index (f->fn->params, 0);
  for (guint depth = 0; depth < 3; depth++)
    {
      CDecl *d = lower_ident_decl (e);
      if (!d || g_hash_table_contains (L->pre.assigned, d) || g_hash_table_contains (L->pre.escaped, d))
        return FALSE;
      if (d == p)
        return TRUE;
      if (d->kind != C_DECL_VAR || c_is_static_object (d) || !d->init || !d->init->expr)
        return FALSE;
      e = d->init->expr;
    }
  return FALSE;
}

/* SET alone writes FIELD in the program (lower_field_set_only, memoised). */
static gboolean
set_alone (Lower *L, ArgFields *af, const char *field, CExpr *set)
{
  gpointer c = g_hash_table_lookup (af->checked, field);
  if (!c)
    {
      c = GINT_TO_POINTER (lower_field_set_only (L, af->tag, field, set) ? 1 : 2);
      g_hash_table_insert (af->checked, (gpointer) field, c);
    }
  return GPOINTER_TO_INT (c) == 1;
}

CExpr *
lower_argfield_value (Lower *L, CExpr *e)
{
  ArgFields *af = job_fields (L);
  e = c_peel (e);
  if (!af || !e || e->kind != C_EXPR_MEMBER || !e->text)
    return NULL;
  /* a field the pass read in a value it set (`args[i].hi = args[i].lo + chunk`) */
  const char *rf = g_hash_table_lookup (af->reads, e);
  if (rf)
    return set_alone (L, af, rf, g_hash_table_lookup (af->sets, rf)) ? g_hash_table_lookup (af->values, rf) : NULL;
  CExpr *o = c_peel (e->a);
  gint64 z;
  CExpr *ptr = e->arrow ? o
               : o && o->kind == C_EXPR_UNARY && o->op == C_OP_DEREF ? o->a
               : o && o->kind == C_EXPR_INDEX && c_const_int (o->b, &z) && z == 0 ? o->a
               : NULL;
  CExpr *set = g_hash_table_lookup (af->sets, e->text);
  if (!set || !ptr || !lower_same_tag (lower_member_tag (L, e), af->tag) || !lower_thread_arg (L, ptr))
    return NULL;
  return set_alone (L, af, e->text, set) ? g_hash_table_lookup (af->values, e->text) : NULL;
}

gboolean
lower_argfield_is_index (Lower *L, CExpr *e)
{
  CExpr *v = lower_argfield_value (L, e);
  ArgFields *af = v ? job_fields (L) : NULL;
  CExpr *m = c_peel (e);
  return af && lower_index_decl (L, v) == af->index && lower_casts_keep (L, v, af->index->type)
         && lower_keeps_thread_index (L, type_of (L, m), af->index->type);
}

gboolean
lower_argfield_index_decl (Lower *L, CDecl *d)
{
  ArgFields *af = d ? job_fields (L) : NULL;
  return af && d == af->index;
}

gboolean
lower_argfield_named (Lower *L, CExpr *e)
{
  CExpr *v = c_peel (lower_argfield_value (L, e));
  ArgFields *af = v ? job_fields (L) : NULL;
  CDecl *d = lower_ident_decl (v);
  if (!af || !d || d->kind != C_DECL_VAR)
    return FALSE;
  CType *t = strip (L, d->type);
  /* an array variable (decayed), or a pointer that holds a new allocation */
  return t && ((t->kind == C_TYPE_ARRAY && d->kind == C_DECL_VAR) || lower_fresh_local (L, d, af->fn));
}

gboolean
lower_argfield_offset (Lower *L, CExpr *e, CExpr **array, CExpr **offset)
{
  CExpr *v = lower_argfield_value (L, e);
  ArgFields *af = v ? job_fields (L) : NULL;
  CExpr *a = c_peel (v);
  if (!af || a != v)
    return FALSE;
  CExpr *q = a->kind == C_EXPR_UNARY && a->op == C_OP_ADDR ? c_peel (a->a) : NULL;
  if (q && q->kind == C_EXPR_INDEX)
    *array = q->a, *offset = q->b;
  else if (a->kind == C_EXPR_BINARY && a->op == C_OP_ADD && is_pointerish (L, type_of (L, a->a)))
    *array = a->a, *offset = a->b;
  else
    return FALSE;
  /* A itself (no cast), and the field points to A's elements as they are */
  CDecl *d = lower_ident_decl (*array);
  CType *at = d && *array == c_peel (*array) ? strip (L, d->type) : NULL;
  CType *ft = strip (L, type_of (L, e));
  return at && ft && ft->kind == C_TYPE_POINTER && (at->kind == C_TYPE_ARRAY || at->kind == C_TYPE_POINTER)
         && compatible (L, at->base, ft->base) && d->kind == C_DECL_VAR
         && (at->kind == C_TYPE_ARRAY || lower_fresh_local (L, d, af->fn));
}

gboolean
lower_argfield_fixed (Lower *L, CDecl *d)
{
  ArgFields *af = d ? job_fields (L) : NULL;
  return af && g_hash_table_contains (af->fixed, d);
}
