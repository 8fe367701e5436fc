/**
 * Portal passwords at rest: AES-256-GCM under the office's data key. The associated data binds the office, the
 * credential and the data key's version, so the ciphertext of one credential copied into another (or into
 * another office's credential) fails to decrypt.
 */
import { associatedData, seal, unseal, type Sealed } from './envelope';
import { type DataKey, type DataKeys } from './data-keys';
import { Secret } from './secret';

/** A sealed password as stored on the credential. */
export interface SealedPassword extends Sealed {
  /** Version of the office data key it was sealed under. */
  readonly keyVersion: number;
}

export interface SecretOwner {
  readonly orgId: string;
  readonly officeId: string;
  readonly credentialId: string;
}

export function passwordAssociatedData(owner: Omit<SecretOwner, 'orgId'>, keyVersion: number): Buffer {
  return associatedData('dv-portals/credential-password/v1', owner.officeId, owner.credentialId, keyVersion);
}

export function sealPassword(key: DataKey, owner: Omit<SecretOwner, 'orgId'>, password: Secret): SealedPassword {
  if (key.officeId !== owner.officeId) throw new RangeError("A password is sealed under its own office's key");
  const sealed = seal(key.material, Buffer.from(password.reveal(), 'utf8'), passwordAssociatedData(owner, key.version));
  return { ...sealed, keyVersion: key.version };
}

export function openPassword(key: DataKey, owner: Omit<SecretOwner, 'orgId'>, sealed: SealedPassword): Secret {
  const plaintext = unseal(key.material, sealed, passwordAssociatedData(owner, sealed.keyVersion));
  return new Secret(plaintext.toString('utf8'));
}

/** Seals and opens credential passwords with the office data keys. */
export interface CredentialSecrets {
  seal(owner: SecretOwner, password: Secret): Promise<SealedPassword>;
  /** Throws DecryptionFailed when the ciphertext does not belong to this credential. */
  open(owner: Omit<SecretOwner, 'orgId'>, sealed: SealedPassword): Promise<Secret>;
}

export function credentialSecrets({ keys }: { keys: DataKeys }): CredentialSecrets {
  return {
    async seal(owner, password) {
      return sealPassword(await keys.forOffice(owner.officeId, owner.orgId), owner, password);
    },
    async open(owner, sealed) {
      return openPassword(await keys.existing(owner.officeId), owner, sealed);
    },
  };
}
