def check_original(module):
    Doc, User = module.Document, module.User
    docs = [
        Doc(1, "Roadmap 2025", "alice", private=True, tags=("plan",)),
        Doc(2, "Team handbook", "bob", tags=("hr", "howto")),
        Doc(3, "Salary review", "carol", private=True, shared_with=frozenset({"hr"}), tags=("hr",)),
        Doc(4, "Roadmap draft", "dave", private=True, shared_with=frozenset({"erin"}), tags=("plan",)),
    ]
    def ids(found):
        return [d.doc_id for d in found]

    erin = User("erin")
    got = ids(module.search(docs, erin))
    assert got == [4, 2], f"erin sees documents {got}, expected [4, 2] (her shared draft and the public handbook)"
    frank = User("frank", groups=frozenset({"hr"}))
    got = ids(module.search(docs, frank))
    assert got == [3, 2], f"frank (group hr) sees {got}, expected [3, 2]"
    alice = User("alice")
    got = ids(module.search(docs, alice, text="ROADMAP"))
    assert got == [1], f"alice searching 'ROADMAP' sees {got}, expected only her own [1]"
    root = User("root", is_admin=True)
    assert ids(module.search(docs, root)) == [1, 4, 3, 2], "an admin sees every document"
    assert ids(module.search(docs, root, tag="plan")) == [1, 4], "tag filter"
    assert ids(module.search(docs, User("guest"), tag="hr")) == [2], "a guest only sees public documents"


def check_disguised(module):
    Msg = module.Message
    sorter = module.MailSorter({"boss@corp.com", "partner.org"}, threshold=5)
    from_boss = Msg("Boss@Corp.com", "Urgent: free prize draw for the team", "details inside")
    from_partner = Msg("sales@partner.org", "Crypto invoice", "urgent, click to pay")
    scam = Msg("lucky@win.biz", "You are a WINNER", "claim your prize, click now")
    shouty = Msg("promo@shop.biz", "FREE CRYPTO", "urgent offer")
    friend = Msg("sam@mail.com", "lunch?", "free on friday?")
    assert sorter.folder(from_boss) == "inbox", "allowlisted sender must reach the inbox"
    assert sorter.folder(from_partner) == "inbox", "allowlisted domain must reach the inbox"
    assert sorter.folder(scam) == "spam", "high-scoring mail from an unknown sender must go to spam"
    assert sorter.folder(shouty) == "spam", "shouting promo from an unknown sender must go to spam"
    assert sorter.folder(friend) == "inbox", "low-scoring mail goes to the inbox"
    boxes = sorter.sort([from_boss, scam, friend])
    assert boxes == {"inbox": [from_boss, friend], "spam": [scam]}, f"sorted mail {boxes}"
