// Rooms: create one as a user, see who is in each, and have a user invite or remove a contact,
// join or leave, or change the subject or avatar; the sandbox delivers the group events.
import { useState, type FormEvent } from 'react';
import type { SimRoom, SimUser } from '../../../../src-shared/contract';
import { useSimulator } from '../../stores/stores-context';
import { Pick, stillThere } from './Pick';
import { contactLabel, occupantLabel, roomLabel, userLabel } from './names';

export function RoomsSection() {
  const view = useSimulator((s) => s.view);
  const busy = useSimulator((s) => s.busy.rooms !== undefined);
  const createRoom = useSimulator((s) => s.createRoom);
  const roomAction = useSimulator((s) => s.roomAction);
  const [subject, setSubject] = useState('');
  const [creatorChoice, setCreator] = useState('');
  const [roomChoice, setRoom] = useState('');
  const [userChoice, setUser] = useState('');
  const [contactChoice, setContact] = useState('');
  const [newSubject, setNewSubject] = useState('');
  const [avatar, setAvatar] = useState('');
  const users = (view?.users ?? []).map((u) => ({ value: u.id, label: userLabel(u) }));
  const rooms = view?.rooms ?? [];
  const roomOptions = rooms.map((r) => ({ value: r.id, label: roomLabel(r) }));
  // The supercontact cannot be invited: it has no group_add (the sandbox would refuse it).
  const contacts = (view?.contacts ?? [])
    .filter((c) => c.contactId !== view?.app.clientId)
    .map((c) => ({ value: c.contactId, label: contactLabel(c) }));
  const creator = stillThere(creatorChoice, users);
  const room = stillThere(roomChoice, roomOptions);
  const user = stillThere(userChoice, users);
  const contact = stillThere(contactChoice, contacts);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (await createRoom({ subject: subject.trim(), createdBy: creator })) {
      setSubject('');
    }
  };
  const ready = room !== '' && user !== '';

  return (
    <>
      <form className="sim-form" aria-label="New room" onSubmit={(e) => void create(e)}>
        <div className="sim-row">
          <label className="sim-field">
            <span>Subject</span>
            <input value={subject} onChange={(e) => setSubject(e.target.value)} required />
          </label>
          <Pick
            label="Created by"
            value={creator}
            options={users}
            onChange={setCreator}
            empty="No users"
          />
        </div>
        <button type="submit" disabled={busy || subject.trim() === '' || creator === ''}>
          Create room
        </button>
      </form>
      <ul className="sim-list" aria-label="Rooms">
        {rooms.map((r) => (
          <RoomItem key={r.id} room={r} users={view?.users ?? []} />
        ))}
      </ul>
      {rooms.length === 0 ? <p className="quiet">No rooms yet.</p> : null}
      <fieldset className="sim-form" aria-label="Room actions">
        <legend>In a room, as a user</legend>
        <Pick label="Room" value={room} options={roomOptions} onChange={setRoom} empty="No rooms" />
        <Pick label="As user" value={user} options={users} onChange={setUser} empty="No users" />
        <Pick
          label="Contact"
          value={contact}
          options={contacts}
          onChange={setContact}
          empty="The app has no contacts"
        />
        <div className="sim-actions">
          <button
            type="button"
            disabled={busy || !ready || contact === ''}
            onClick={() =>
              void roomAction({ action: 'invite', room, contactId: contact, by: user })
            }
          >
            Invite contact
          </button>
          <button
            type="button"
            disabled={busy || !ready || contact === ''}
            onClick={() =>
              void roomAction({ action: 'remove', room, contactId: contact, by: user })
            }
          >
            Remove contact
          </button>
          <button
            type="button"
            disabled={busy || !ready}
            onClick={() => void roomAction({ action: 'join', room, userId: user })}
          >
            Join
          </button>
          <button
            type="button"
            disabled={busy || !ready}
            onClick={() => void roomAction({ action: 'leave', room, userId: user })}
          >
            Leave
          </button>
        </div>
        <div className="sim-row">
          <label className="sim-field">
            <span>New subject</span>
            <input value={newSubject} onChange={(e) => setNewSubject(e.target.value)} />
          </label>
          <button
            type="button"
            disabled={busy || !ready || newSubject.trim() === ''}
            onClick={() =>
              void roomAction({ action: 'update', room, by: user, subject: newSubject.trim() })
            }
          >
            Change subject
          </button>
        </div>
        <div className="sim-row">
          <label className="sim-field">
            <span>New avatar URL</span>
            <input
              className="mono"
              value={avatar}
              placeholder="https://…"
              onChange={(e) => setAvatar(e.target.value)}
            />
          </label>
          <button
            type="button"
            disabled={busy || !ready || avatar.trim() === ''}
            onClick={() =>
              void roomAction({ action: 'update', room, by: user, avatar: avatar.trim() })
            }
          >
            Change avatar
          </button>
        </div>
      </fieldset>
    </>
  );
}

function RoomItem({ room, users }: { room: SimRoom; users: readonly SimUser[] }) {
  const people = room.occupants.map((o) => occupantLabel(o, users));
  return (
    <li aria-label={room.subject} className="sim-item">
      <div className="sim-item-head">
        <strong>{room.subject}</strong> <span className="mono quiet">{room.id}</span>
      </div>
      <div className="quiet sim-small">
        {people.length} occupant{people.length === 1 ? '' : 's'}: {people.join(', ')}
      </div>
      {room.avatar ? (
        <div className="quiet sim-small sim-url" title={room.avatar}>
          avatar <span className="mono">{room.avatar}</span>
        </div>
      ) : null}
    </li>
  );
}
