/* rf-c-lower-owned: objects that an object owns through a pointer field.
 *
 * Approach. A thread given its own object often keeps more memory in it: `ctx->out =
 * xmalloc (n);` in the worker, or `t->scratch = scratch;` in main right after
 * `scratch = xmalloc (n);`. The accesses `ctx->out[o]` then reach the allocation site of
 * `out` as one location, and every worker races with every other on it, although each
 * only touches the buffer its own object holds. The representative argument that splits
 * the objects handed to threads (rf-c-lower-elems.c) extends to such fields: a race on
 * an object e of the field's site happens on e, and e is held in the field f of at most
 * one object o ever (its owner) when every value ever stored in a field f of a struct S
 * object is null or a new object no other memory holds, and nothing else writes that
 * field: then, choosing o as the representative object, a load of `X->f` from another
 * object than the representative gives a pointer to another object than e, through
 * which no access touches e. So deref_places (rf-c-lower-resolve.c) resolves such a
 * load to nothing, as it does the other object's own accesses, and keeps every access
 * to e: those through the owner's field, and any other pointer to e (a copy of the
 * loaded value kept elsewhere is resolved by its own points-to set, the site's object).
 *
 * Field f of struct S is owned (owned_scan) when, in every function body and global
 * initializer of the program (system headers aside):
 *  - every assignment to `X.f` or `X->f` (X of type S) stores null, a new allocation
 *    (lower_is_new_alloc), `realloc (X->f, n)` of the same field, or a local pointer v
 *    in the statement `X->f = v;` whose nearest earlier statement of the same block
 *    that assigns v is `v = ALLOC (...)` (or v's declaration with it, or `v = realloc
 *    (X->f, n)` with X's variable kept between), with nothing between that assigns v,
 *    lets its value out, takes its address or holds a label (fresh_touched's reading:
 *    the object is in v alone when it is stored); `+=`, `-=`, `++` and `--` on it stay
 *    in the same object (assumption 3);
 *  - f's address is never taken (`&X->f` could be written through anywhere);
 *  - no value of a type holding S is copied (assignment, initializer, argument,
 *    return, compound literal) nor given in a brace initializer with a non-constant
 *    pointer or struct in it (a copy of o would hold e too);
 *  - no library call that copies or moves memory (memcpy, memmove, realloc, qsort and
 *    their kin) gets a pointer that may point to an object holding S (by its type; an
 *    untyped object, malloc'ed or of characters, when some access as S reaches it:
 *    effective types, assumption 2), and no store through a pointer (`*q = v`, `q[i] =
 *    v`) of pointer type may write a field f: its points-to set is complete and names
 *    no location ending in `.f`;
 *  - no other member of a union holding S is used (it shares f's bytes);
 * and the load's own points-to set is complete (memory that code without a body may
 * write is not). S is a struct whose own member f is a pointer; tags of one name (or
 * anonymous ones with the same members) count as S (same_tag: two files' copies of a
 * header's struct). In module mode nothing is owned: clients may build S objects the
 * program does not show. Copying a pointer field byte by byte through a character
 * pointer in program code is not followed (docs/c-model.md, "Owned fields").
 *
 * The same scan, exact (lower_field_set_only), tells rf-c-lower-argfields.c that one
 * assignment alone writes field f of S (of any type): every other assignment or step
 * of an f, any store through a pointer that may reach one, any library call but those
 * that only read (or free) given a pointer that may reach an S or an f (a pointer to
 * another member reaches that member alone), and any assignment of a whole S makes it
 * fail (but the one allowed, which may be `O = (S) { ... }`); copies of S read from,
 * not written to, are allowed. */
#include "rf-c-lower-private.h"

#include <string.h>

/* How deep a type's members are searched for S (a struct in a struct in an array...). */
#define MAX_HOLDS_DEPTH 8

typedef struct {
  Lower *L;
  CTag *tag;            /* S */
  const char *field;    /* f */
  GHashTable *approved; /* CExpr* assignments `X->f = v` whose v is fresh (stmt_approve) */
  GHashTable *s_objs;   /* RfCObj* untyped objects some access as S reaches (s_access) */
  gboolean any_untyped; /* an access as S reaches an object the points-to sets miss */
  gboolean bad;         /* not owned (set_bad: the reason is the call's text) */
  CExpr *only;          /* the exact scan (lower_field_set_only): the one assignment
                         * allowed to write f, or NULL (the owned scan) */
} Own;

/* A and B are the same struct, or may be: one tag, two tags of one name, or two
 * anonymous ones with the same members (a header's typedef seen by two files). */
static gboolean
same_tag (CTag *a, CTag *b)
{
  if (a == b)
    return TRUE;
  if (!a || !b || a->kind != b->kind)
    return FALSE;
  if (a->name || b->name)
    return a->name && b->name && strcmp (a->name, b->name) == 0;
  guint n = a->members ? a->members->len : 0;
  if (n != (b->members ? b->members->len : 0))
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      CDecl *x = g_ptr_array_index (a->members, i), *y = g_ptr_array_index (b->members, i);
      if (g_strcmp0 (x->name, y->name) != 0)
        return FALSE;
    }
  return TRUE;
}

/* T (a type) holds a struct S object by value: S itself, or an array, struct or union
 * with one in it. */
static gboolean
holds (Lower *L, CType *t, CTag *tag, guint depth)
{
  t = strip (L, t);
  if (!t || depth > MAX_HOLDS_DEPTH)
    return t != NULL;
  if (t->kind == C_TYPE_ARRAY)
    return holds (L, t->base, tag, depth + 1);
  if (t->kind != C_TYPE_STRUCT && t->kind != C_TYPE_UNION)
    return FALSE;
  if (same_tag (t->tag, tag))
    return TRUE;
  for (guint i = 0; t->tag && t->tag->members && i < t->tag->members->len; i++)
    {
      CDecl *m = g_ptr_array_index (t->tag->members, i);
      if (holds (L, m->type, tag, depth + 1))
        return TRUE;
    }
  return FALSE;
}

/* The struct tag of the object member expression E selects from, or NULL. */
static CTag *
member_tag (Lower *L, CExpr *e)
{
  CType *bt = strip (L, type_of (L, e->a));
  if (e->arrow)
    bt = bt && (bt->kind == C_TYPE_POINTER || bt->kind == C_TYPE_ARRAY) ? strip (L, bt->base) : NULL;
  return bt && bt->kind == C_TYPE_STRUCT ? bt->tag : NULL;
}

/* E (peeled) is the member `X.f` or `X->f` of the scanned S and f. */
static gboolean
is_field (Own *o, CExpr *e)
{
  e = c_peel (e);
  return e && e->kind == C_EXPR_MEMBER && e->text && strcmp (e->text, o->field) == 0 && same_tag (member_tag (o->L, e), o->tag);
}

static void
set_bad (Own *o, const char *why)
{
  (void) why;  /* the reason, for a reader of the code and a debugger's breakpoint */
  o->bad = TRUE;
}

/* V is null or a new allocation: a value no memory holds yet. */
static gboolean
new_value (Lower *L, CExpr *v)
{
  CExpr *pv = c_peel (v);
  if (c_is_null_constant (v) || (pv && pv->kind == C_EXPR_INT && strcmp (pv->text, "0") == 0))
    return TRUE;
  return pv && pv->kind == C_EXPR_CALL && lower_is_new_alloc (L, c_callee_name (pv));
}

/* E is `X->f = realloc (X->f, n)`: the field gets its own object back, or a new one
 * (the old one freed), or null. */
static gboolean
regrown (Lower *L, CExpr *e)
{
  CExpr *c = c_peel (e->b);
  const char *n = c && c->kind == C_EXPR_CALL ? c_callee_name (c) : NULL;
  return n && !lower_func_def (L, n) && lower_effect_of (n) == RF_C_LIBC_REALLOC && c_arg (c, 0)
         && lower_same_text (c_peel (c_arg (c, 0)), c_peel (e->a));
}

/* The variable an lvalue's members, indices and dereferences start from. */
static CExpr *
lvalue_base (CExpr *e)
{
  e = c_peel (e);
  while (e && (e->kind == C_EXPR_MEMBER || e->kind == C_EXPR_INDEX || (e->kind == C_EXPR_UNARY && e->op == C_OP_DEREF)))
    e = c_peel (e->a);
  return e;
}

/* ITEMS[J] is `X->f = v;` with v a local pointer that holds a new object no memory
 * holds yet (see the approach): the nearest earlier item assigning v allocates, and
 * the items between neither assign v nor let it out. */
static gboolean
fresh_store (Own *o, GPtrArray *items, guint j)
{
  Lower *L = o->L;
  CStmt *s = g_ptr_array_index (items, j);
  CExpr *e = s->kind == C_STMT_EXPR ? c_peel (s->expr) : NULL;
  if (!e || e->kind != C_EXPR_ASSIGN || e->op != C_OP_ASSIGN || !is_field (o, e->a))
    return FALSE;
  CExpr *v = c_peel (e->b);
  CDecl *d = v && v->kind == C_EXPR_IDENT ? v->decl : NULL;
  if (!d || d->kind != C_DECL_VAR || c_is_static_object (d) || !is_pointerish (L, d->type)
      || g_hash_table_contains (L->priv.ptr_addr, d) || lower_expr_names (e->a, d))
    return FALSE;
  for (guint k = j; k-- > 0;)
    {
      CStmt *p = g_ptr_array_index (items, k);
      CExpr *pe = p->kind == C_STMT_EXPR ? c_peel (p->expr) : NULL;
      CExpr *val = NULL;
      if (pe && pe->kind == C_EXPR_ASSIGN && pe->op == C_OP_ASSIGN && lower_ident_decl (pe->a) == d)
        val = pe->b;
      for (guint i = 0; p->kind == C_STMT_DECL && p->items && i < p->items->len; i++)
        if (g_ptr_array_index (p->items, i) == d)
          val = d->init ? d->init->expr : NULL;
      if (val || (p->kind == C_STMT_DECL && p->items && g_ptr_array_find (p->items, d, NULL)))
        {
          CExpr *pv = c_peel (val);
          if (pv && pv->kind == C_EXPR_CALL && lower_is_new_alloc (L, c_callee_name (pv)))
            return TRUE;
          /* `v = realloc (X->f, n); ... X->f = v;`, X's variable kept between */
          CDecl *root = lower_ident_decl (lvalue_base (e->a));
          if (!val || !root || !regrown (L, &(CExpr) { .kind = C_EXPR_ASSIGN, .a = e->a, .b = val }))
            return FALSE;
          for (guint m = k; m < j; m++)
            if (lower_stmt_touches (g_ptr_array_index (items, m), root))
              return FALSE;
          return TRUE;
        }
      /* between: nothing assigns d, lets it out (fresh_touched), or jumps in */
      if (lower_stmt_touches (p, d) || lower_fresh_touches (L, p, d))
        return FALSE;
    }
  return FALSE;
}

static void check_init (Own *o, CInit *in);

static CVisitResult
stmt_approve (CStmt *s, gpointer data)
{
  Own *o = data;
  Lower *L = o->L;
  if (s->kind == C_STMT_COMPOUND)
    for (guint j = 0; s->items && j < s->items->len; j++)
      if (fresh_store (o, s->items, j))
        g_hash_table_add (o->approved, c_peel (((CStmt *) g_ptr_array_index (s->items, j))->expr));
  if (s->kind == C_STMT_RETURN && s->expr && holds (L, type_of (L, s->expr), o->tag, 0))
    set_bad (o, "a value holding it is returned");
  for (guint i = 0; s->kind == C_STMT_DECL && s->items && i < s->items->len; i++)
    {
      CDecl *d = g_ptr_array_index (s->items, i);
      if (d->kind == C_DECL_VAR && d->init && holds (L, d->type, o->tag, 0))
        {
          if (d->init->expr)
            set_bad (o, "a value holding it initialises a variable");
          else
            check_init (o, d->init);
        }
    }
  return C_VISIT_CONTINUE;
}

/* A brace initializer's parts: a non-constant pointer or struct may be a copy. */
static void
check_init (Own *o, CInit *in)
{
  if (!in)
    return;
  if (in->expr)
    {
      CType *t = strip (o->L, type_of (o->L, in->expr));
      if (t && (t->kind == C_TYPE_POINTER || t->kind == C_TYPE_STRUCT || t->kind == C_TYPE_UNION)
          && !new_value (o->L, in->expr) && c_peel (in->expr)->kind != C_EXPR_STRING)
        set_bad (o, "a brace initializer holds a pointer or struct");
      return;
    }
  for (guint i = 0; in->items && i < in->items->len; i++)
    check_init (o, ((CInitItem *) g_ptr_array_index (in->items, i))->init);
}

/* Pointer P's points-to set may reach a location holding S, or field f (FIELD_ONLY);
 * in the exact scan, a location holding S means one whose own type holds S (a pointer
 * to another member of S reaches that member alone). */
static gboolean
may_reach (Own *o, CExpr *p, gboolean field_only)
{
  Lower *L = o->L;
  g_autoptr (GPtrArray) locs = g_ptr_array_new ();
  /* an offset stays inside the object (assumption 3) */
  for (CExpr *q = c_peel (p); q && q->kind == C_EXPR_BINARY && (q->op == C_OP_ADD || q->op == C_OP_SUB); q = c_peel (p))
    p = is_pointerish (L, type_of (L, q->a)) ? q->a : q->op == C_OP_ADD && is_pointerish (L, type_of (L, q->b)) ? q->b : NULL;
  if (!p || !L->pts || !rf_c_points_lookup (L->pts, p, NULL, locs))
    return TRUE;
  g_autofree char *end = g_strconcat (".", o->field, NULL);
  for (guint i = 0; i < locs->len; i++)
    {
      const RfCLoc *l = g_ptr_array_index (locs, i);
      gsize n = strlen (l->path), m = strlen (end);
      if (n >= m && strcmp (l->path + n - m, end) == 0)
        return TRUE;
      if (!field_only && o->only && l->type)
        {
          if (holds (L, l->type, o->tag, 0))
            return TRUE;
          continue;
        }
      /* an untyped object (malloc'ed, character) holds an S when it is accessed as one
       * (effective types, assumption 2) */
      if (!field_only
          && (l->obj->type ? holds (L, l->obj->type, o->tag, 0) : o->any_untyped || g_hash_table_contains (o->s_objs, l->obj)))
        return TRUE;
    }
  return FALSE;
}

/* A call of library function F (NULL: not in the table) writes through no pointer
 * argument: no memory effect, reads only, or free (which ends the object). */
static gboolean
reads_only (const RfCLibcFunc *f)
{
  return f && (rf_c_libc_is_pure (f->effect) || f->effect == RF_C_LIBC_READS || f->effect == RF_C_LIBC_FREE);
}

static CVisitResult
expr_check (CExpr *e, gpointer data)
{
  Own *o = data;
  Lower *L = o->L;
  switch (e->kind)
    {
    case C_EXPR_ASSIGN:
      if (holds (L, type_of (L, e->a), o->tag, 0) && e != o->only)
        set_bad (o, "a value holding it is assigned");
      else if (is_field (o, e->a) && o->only)
        {
          if (e != o->only)
            set_bad (o, "another assignment writes it");
        }
      else if (is_field (o, e->a))
        {
          if (e->op == C_OP_ASSIGN && !new_value (L, e->b) && !regrown (L, e) && !g_hash_table_contains (o->approved, e))
            set_bad (o, "a value that may be elsewhere is stored in it");
          else if (e->op != C_OP_ASSIGN && e->op != C_OP_ADD_ASSIGN && e->op != C_OP_SUB_ASSIGN)
            set_bad (o, "it is assigned by an operator");
        }
      else
        {
          /* a store through a pointer that may land on field f */
          CExpr *l = c_peel (e->a);
          CType *lt = strip (L, type_of (L, e->a));
          CExpr *base = !l ? NULL
                        : l->kind == C_EXPR_UNARY && l->op == C_OP_DEREF ? l->a
                        : l->kind == C_EXPR_INDEX ? (is_pointerish (L, type_of (L, l->a)) ? l->a : l->b)
                        : NULL;
          if (base && lt && (lt->kind == C_TYPE_POINTER || o->only) && may_reach (o, base, TRUE))
            set_bad (o, "a pointer is stored through a pointer that may reach it");
        }
      break;
    case C_EXPR_UNARY:
      if (e->op == C_OP_ADDR && is_field (o, e->a))
        set_bad (o, "its address is taken");
      if (o->only && (e->op == C_OP_PREINC || e->op == C_OP_PREDEC || e->op == C_OP_POSTINC || e->op == C_OP_POSTDEC))
        {
          CExpr *l = c_peel (e->a);
          CExpr *base = l && l->kind == C_EXPR_UNARY && l->op == C_OP_DEREF ? l->a
                        : l && l->kind == C_EXPR_INDEX ? (is_pointerish (L, type_of (L, l->a)) ? l->a : l->b) : NULL;
          if (is_field (o, e->a) || (base && may_reach (o, base, TRUE)))
            set_bad (o, "it is stepped");
        }
      break;
    case C_EXPR_MEMBER:
      {
        /* another member of a union that holds S shares its bytes */
        CType *bt = strip (L, type_of (L, e->a));
        if (e->arrow)
          bt = bt && (bt->kind == C_TYPE_POINTER || bt->kind == C_TYPE_ARRAY) ? strip (L, bt->base) : NULL;
        if (bt && bt->kind == C_TYPE_UNION && holds (L, bt, o->tag, 0) && !holds (L, type_of (L, e), o->tag, 0))
          set_bad (o, "another member of a union holding it is used");
      }
      break;
    case C_EXPR_COMPOUND_LIT:
      if (!o->only && holds (L, e->type, o->tag, 0))
        set_bad (o, "a compound literal holds it");
      break;
    case C_EXPR_CALL:
      {
        const char *n = c_callee_name (e);
        for (guint i = 0; !o->only && e->args && i < e->args->len; i++)
          if (holds (L, type_of (L, g_ptr_array_index (e->args, i)), o->tag, 0))
            set_bad (o, "a value holding it is passed");
        const RfCLibcFunc *f = n && !lower_func_def (L, n) ? rf_c_libc_lookup (n) : NULL;
        if (o->only && n && !lower_func_def (L, n) && !reads_only (f))
          for (guint i = 0; e->args && i < e->args->len; i++)
            {
              CExpr *a = g_ptr_array_index (e->args, i);
              if (is_pointerish (L, type_of (L, a)) && may_reach (o, a, FALSE)
                  && !(f && f->effect == RF_C_LIBC_CREATE && i == 3))
                set_bad (o, "a library call may write it");
            }
        if (f && (f->pointers == RF_C_LIBC_PTS_COPY || f->pointers == RF_C_LIBC_PTS_REALLOC
                  || f->effect == RF_C_LIBC_SORT || f->effect == RF_C_LIBC_REALLOC))
          for (guint i = 0; e->args && i < e->args->len; i++)
            {
              CExpr *a = g_ptr_array_index (e->args, i);
              if (is_pointerish (L, type_of (L, a)) && may_reach (o, a, FALSE))
                set_bad (o, "memory holding it may be copied or moved");
            }
      }
      break;
    default:
      break;
    }
  return C_VISIT_CONTINUE;
}

/* A member access of S through a pointer: the untyped objects it reaches hold an S. */
static CVisitResult
s_access (CExpr *e, gpointer data)
{
  Own *o = data;
  Lower *L = o->L;
  if (e->kind != C_EXPR_MEMBER || !same_tag (member_tag (L, e), o->tag))
    return C_VISIT_CONTINUE;
  CExpr *a = c_peel (e->a);
  CExpr *p = e->arrow ? a
             : a && a->kind == C_EXPR_UNARY && a->op == C_OP_DEREF ? a->a
             : a && a->kind == C_EXPR_INDEX ? (is_pointerish (L, type_of (L, a->a)) ? a->a : a->b)
             : NULL;
  CType *pt = p ? strip (L, type_of (L, p)) : NULL;
  if (!p || (pt && pt->kind == C_TYPE_ARRAY))
    return C_VISIT_CONTINUE;  /* a variable or an array of S: typed */
  g_autoptr (GPtrArray) locs = g_ptr_array_new ();
  if (!L->pts || !rf_c_points_lookup (L->pts, p, NULL, locs))
    o->any_untyped = TRUE;
  for (guint i = 0; i < locs->len; i++)
    {
      const RfCLoc *l = g_ptr_array_index (locs, i);
      if (!l->obj->type)
        g_hash_table_add (o->s_objs, l->obj);
    }
  return C_VISIT_CONTINUE;
}

/* Scans the program for S.f (see the approach; ONLY: the exact scan of
 * lower_field_set_only). */
static gboolean
owned_scan (Lower *L, CTag *tag, const char *field, CExpr *only)
{
  CDecl *m = NULL;
  for (guint i = 0; tag->members && i < tag->members->len && !m; i++)
    {
      CDecl *x = g_ptr_array_index (tag->members, i);
      if (x->name && strcmp (x->name, field) == 0)
        m = x;
    }
  CType *mt = m ? strip (L, m->type) : NULL;
  if (!mt || (mt->kind != C_TYPE_POINTER && !only))
    return FALSE;
  g_autoptr (GHashTable) approved = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) s_objs = g_hash_table_new (NULL, NULL);
  Own o = { .L = L, .tag = tag, .field = field, .approved = approved, .s_objs = s_objs, .only = only };
  CVisitor v = { .stmt = only ? NULL : stmt_approve, .expr = expr_check, .data = &o };
  CVisitor sv = { .expr = s_access, .data = &o };
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *d = g_ptr_array_index (L->decls, i);
      if (!d->in_system && d->kind == C_DECL_FUNC && d->body)
        c_visit_stmt (&sv, d->body);
      else if (!d->in_system && d->kind == C_DECL_VAR && d->init)
        c_visit_init (&sv, d->init);
    }
  for (guint i = 0; i < L->decls->len && !o.bad; i++)
    {
      CDecl *d = g_ptr_array_index (L->decls, i);
      if (d->in_system)
        continue;
      if (d->kind == C_DECL_FUNC && d->body)
        c_visit_stmt (&v, d->body);
      else if (d->kind == C_DECL_VAR && d->init)
        {
          if (!only && d->init->expr && holds (L, d->type, tag, 0))
            set_bad (&o, "a value holding it initialises a variable");
          c_visit_init (&v, d->init);
        }
    }
  /* brace initializers of objects holding S, wherever they are */
  for (guint i = 0; i < L->decls->len && !o.bad && !only; i++)
    {
      CDecl *d = g_ptr_array_index (L->decls, i);
      if (!d->in_system && d->kind == C_DECL_VAR && d->init && !d->init->expr && holds (L, d->type, tag, 0))
        check_init (&o, d->init);
    }
  return !o.bad;
}

/* Field f of S is owned (memoised). */
static gboolean
owned_field (Lower *L, CTag *tag, const char *field)
{
  if (!L->owned)
    L->owned = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *key = g_strdup_printf ("%p.%s", (void *) tag, field);
  gpointer r;
  if (g_hash_table_lookup_extended (L->owned, key, NULL, &r))
    return GPOINTER_TO_INT (r);
  gboolean ok = owned_scan (L, tag, field, NULL);
  g_hash_table_insert (L->owned, g_steal_pointer (&key), GINT_TO_POINTER (ok));
  return ok;
}

gboolean
lower_field_set_only (Lower *L, CTag *tag, const char *field, CExpr *set)
{
  if (!tag || !tag->complete || !L->pts || L->module)
    return FALSE;
  if (!L->owned)
    L->owned = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *key = g_strdup_printf ("%p.%s=%p", (void *) tag, field, (void *) set);
  gpointer r;
  if (g_hash_table_lookup_extended (L->owned, key, NULL, &r))
    return GPOINTER_TO_INT (r);
  gboolean ok = owned_scan (L, tag, field, set);
  g_hash_table_insert (L->owned, g_steal_pointer (&key), GINT_TO_POINTER (ok));
  return ok;
}

CTag *
lower_member_tag (Lower *L, CExpr *e)
{
  e = c_peel (e);
  return e && e->kind == C_EXPR_MEMBER ? member_tag (L, e) : NULL;
}

gboolean
lower_same_tag (CTag *a, CTag *b)
{
  return same_tag (a, b);
}

gboolean
lower_owned_other (Lower *L, CExpr *e)
{
  e = c_peel (e);
  /* a module's clients may build S objects the program does not show */
  if (!e || e->kind != C_EXPR_MEMBER || !e->text || !L->pts || L->module)
    return FALSE;
  CTag *tag = member_tag (L, e);
  g_autoptr (GPtrArray) locs = g_ptr_array_new ();
  if (!tag || !tag->complete || !owned_field (L, tag, e->text) || !rf_c_points_lookup (L->pts, e, NULL, locs))
    return FALSE;
  /* the object X is another object than the representative (no edge made) */
  gboolean other = L->other_obj, eo = L->elem_other, ei = L->elem_inside;
  const RfCLoc *cell = L->rep_cell;
  guint guessed = L->guessed;
  L->quiet++;
  L->other_obj = FALSE;
  g_autoptr (GPtrArray) ps = lower_lval (L, e);
  gboolean r = L->other_obj && ps->len == 0;
  L->quiet--;
  L->other_obj = other;
  L->elem_other = eo;
  L->elem_inside = ei;
  L->rep_cell = cell;
  L->guessed = guessed;
  return r;
}
