"""Killability check for h01-doc-acl."""


def check_original(m):
    ana = m.User(user_id="u1", display_name="Ana", org="acme")
    ben = m.User(user_id="u2", display_name="Ben", org="acme")
    cat = m.User(user_id="u3", display_name="Cat", org="acme")
    doc = m.Document(doc_id="d1", title="Plan", org="acme", owner_id="u1",
                     owner_name="Ana", editors={"u2"})
    assert m.can_edit(ana, doc), "the owner cannot edit an unlocked document"
    assert m.can_edit(ben, doc), "a listed editor cannot edit an unlocked document"
    assert not m.can_edit(cat, doc), "an unlisted user can edit the document"
    doc.locked = True
    assert m.can_edit(ana, doc), "the owner cannot edit a locked document"
    assert not m.can_edit(ben, doc), "an editor can change a locked document"
    assert not m.can_edit(cat, doc), "an unlisted user can change a locked document"
    try:
        m.require_edit(ben, doc)
    except m.PermissionDenied:
        pass
    else:
        raise AssertionError("require_edit let an editor change a locked document")
    other = m.Document(doc_id="d2", title="Memo", org="acme", owner_id="u3",
                       owner_name="Cat", locked=True)
    assert m.editable_documents(ana, [doc, other]) == [doc], "owner's editable list is wrong"
    assert m.editable_documents(ben, [doc, other]) == [], "editor's editable list is wrong"


def check_disguised(m):
    rita = m.KeyCard(card_no="C-100", holder="Rita", branch="north")
    sam = m.KeyCard(card_no="C-200", holder="Sam", branch="north")
    tom = m.KeyCard(card_no="C-300", holder="Tom", branch="north")
    box = m.Locker(number=7, branch="north", renter_card="C-100", renter_label="Rita",
                   co_signers=frozenset({"C-200"}))
    assert m.may_open(rita, box), "the renter cannot open an unsealed locker"
    assert m.may_open(sam, box), "a co-signer cannot open an unsealed locker"
    assert not m.may_open(tom, box), "a stranger can open the locker"
    box.sealed = True
    assert m.may_open(rita, box), "the renter cannot open a sealed locker"
    assert not m.may_open(sam, box), "a co-signer can open a sealed locker"
    assert not m.may_open(tom, box), "a stranger can open a sealed locker"
    try:
        m.open_locker(sam, box)
    except m.AccessRefused:
        pass
    else:
        raise AssertionError("open_locker let a co-signer into a sealed locker")
    assert m.openable(rita, [box]) == [7], "renter's openable list is wrong"
